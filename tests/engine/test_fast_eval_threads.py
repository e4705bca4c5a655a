"""The batch evaluator shared by threads: the web serves requests in threads (ASGI), and
two TVs asking for odds at once both used a fresh evaluator's array caches while the
first was still building them ("'FastEvaluator' object has no attribute
'_plain_cache'", a 500 the digital benchmark found)."""

from __future__ import annotations

import threading

import numpy as np

from engine.hands.fast_eval import FastEvaluator

THREADS = 8


def _batch_together(shared: FastEvaluator, hands: np.ndarray) -> list[np.ndarray | Exception]:
    """Every thread's answer (or error), all started at the same moment."""
    answers: list[np.ndarray | Exception] = []
    start = threading.Barrier(THREADS)

    def work() -> None:
        start.wait()
        try:
            answers.append(shared.batch(hands))
        except Exception as error:  # the test shows what went wrong
            answers.append(error)

    threads = [threading.Thread(target=work) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_threads_batching_on_a_fresh_evaluator_all_get_the_right_strengths() -> None:
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, size=7, replace=False) for _ in range(2000)])
    expected = FastEvaluator(wild=frozenset({1, 7})).batch(hands)
    for _round in range(5):
        answers = _batch_together(FastEvaluator(wild=frozenset({1, 7})), hands)
        assert [a for a in answers if isinstance(a, Exception)] == []
        assert len(answers) == THREADS
        for answer in answers:
            assert isinstance(answer, np.ndarray)
            assert np.array_equal(answer, expected)
