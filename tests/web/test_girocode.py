"""The GiroCode (EPC069-12, issue 28): the payload is built by gamenight/girocode.py,
drawn by segno, and read back from the picture with zxing-cpp as a banking app would;
every field is checked against the guidelines."""

from __future__ import annotations

import io
import re

import pytest
import segno.helpers
import zxingcpp
from PIL import Image

from gamenight import girocode

IBAN = "DE89370400440532013000"


def _transfer(**changes: object) -> girocode.Transfer:
    fields: dict[str, object] = {
        "name": "Anna Müller",
        "iban": IBAN,
        "cents": 1250,
        "text": "Pokerabend 02.10.26: Ben an Anna",
        **changes,
    }
    return girocode.Transfer(**fields)  # type: ignore[arg-type]


def read_back(data: str) -> zxingcpp.Barcode:
    """Draw the code as the page does and decode the picture."""
    buffer = io.BytesIO()
    girocode.qr_code(data).save(buffer, kind="png", scale=4, border=4)
    buffer.seek(0)
    found = zxingcpp.read_barcodes(Image.open(buffer).convert("L"))
    assert len(found) == 1
    return found[0]


def fields(data: str) -> list[str]:
    lines = data.split("\n")
    assert "\r" not in data
    return lines


def test_the_payload_read_back_from_the_picture_has_every_epc069_12_field() -> None:
    data = girocode.payload(_transfer())
    code = read_back(data)
    assert code.format == zxingcpp.BarcodeFormat.QRCode
    assert code.ec_level == "M"  # the guidelines' error correction level
    assert code.bytes.decode("utf-8") == data
    lines = fields(code.bytes.decode("utf-8"))
    assert lines == [
        "BCD",  # service tag
        "002",  # version: the BIC may be left out
        "1",  # character set: UTF-8
        "SCT",  # SEPA credit transfer
        "",  # BIC
        "Anna Müller",  # payee
        IBAN,
        "EUR12.5",  # amount
        "",  # purpose
        "",  # structured reference (not both)
        "Pokerabend 02.10.26: Ben an Anna",  # unstructured remittance text
    ]
    assert len(code.bytes) <= 331


def test_segno_s_own_epc_helper_writes_the_same_payload() -> None:
    """A second, independent writer of the standard agrees byte for byte."""
    theirs = segno.helpers._make_epc_qr_data(  # the helper's tested data function
        "Anna Müller", IBAN, "12.50", text="Pokerabend 02.10.26: Ben an Anna", encoding="utf-8"
    )
    assert girocode.payload(_transfer()).encode("utf-8") == theirs


@pytest.mark.parametrize(
    ("cents", "field"),
    [
        (1, "EUR0.01"),
        (10, "EUR0.1"),
        (100, "EUR1"),
        (123456, "EUR1234.56"),
        (99_999_999_999, "EUR999999999.99"),
    ],
)
def test_the_amount_field(cents: int, field: str) -> None:
    assert girocode.amount_field(cents) == field
    assert fields(girocode.payload(_transfer(cents=cents)))[7] == field


@pytest.mark.parametrize("cents", [0, -5, 100_000_000_000])
def test_an_amount_outside_the_standard_is_refused(cents: int) -> None:
    with pytest.raises(ValueError, match=re.escape("0.01 to 999999999.99")):
        girocode.amount_field(cents)


def test_long_names_and_texts_are_cut_to_the_field_lengths_and_the_payload_to_331_bytes() -> None:
    data = girocode.payload(_transfer(name="Ö" * 100, text="€" * 200))
    lines = fields(data)
    assert lines[5] == "Ö" * 70
    assert len(lines[10]) <= 140
    assert len(data.encode("utf-8")) <= 331
    assert read_back(data).bytes.decode("utf-8") == data


def test_a_line_break_in_a_name_or_text_cannot_shift_the_fields() -> None:
    data = girocode.payload(_transfer(name="Anna\nMüller", text="a\nb\r\nc"))
    lines = fields(data)
    assert len(lines) == 11
    assert lines[5] == "Anna Müller"
    assert lines[10] == "a b c"
