"""On Redis a live worker stamps the messages it holds anew, so only a dead worker's grow
older than the visibility timeout and are delivered again (gamenight/broker_redis.py)."""

from __future__ import annotations

import kombu
import redis
from report_services import RedisServer

from gamenight.broker_redis import stamp


def test_a_held_message_is_stamped_anew_and_an_acknowledged_one_stays_gone(
    redis_server: RedisServer,
) -> None:
    client = redis.Redis.from_url(redis_server.url)
    with kombu.Connection(redis_server.url) as connection:
        queue = connection.SimpleQueue("reports")
        queue.put({"night": 1})
        queue.put({"night": 2})
        held = queue.get(timeout=5)
        done = queue.get(timeout=5)
        done.ack()
        channel = queue.consumer.channel
        key = channel.unacked_index_key
        tag = held.delivery_tag
        client.zadd(key, {tag: 0})  # as if taken long ago: due for redelivery
        assert stamp(channel.qos, client, key) == 1
        assert client.zscore(key, tag) > 0
        assert client.zscore(key, done.delivery_tag) is None  # not brought back
        held.ack()
        assert stamp(channel.qos, client, key) == 0
        queue.close()
