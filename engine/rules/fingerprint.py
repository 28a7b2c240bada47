"""What the rules' index (``engine/rules/index.py``) is written from, and the command that writes it.

Apart from ``indexer`` (which loads every law to write the index) so that
``engine.rules`` can check the index without importing it.
"""
from __future__ import annotations

from pathlib import Path

COMMAND = "python -m engine.rules.indexer --write"
ENGINE = Path(__file__).resolve().parent.parent  # engine/


def sources_digest() -> str:
    """A digest of the sources the index is computed from: the rule modules and the chapters' fact kinds
    (``engine/rules/*.py`` but the index itself, ``engine/law/*.py``).  Read as bytes, not imported, so a
    process can tell a stale index before it trusts it (``engine.rules.index_is_fresh``).

    CRC-32 and Adler-32 of every file's name and bytes, and their total size: enough to notice an edit, and
    ``zlib`` loads at once (``hashlib`` starts OpenSSL: several milliseconds of a cold start)."""
    import zlib

    crc, adler, size = 0, 1, 0
    for folder in ("rules", "law"):
        for path in sorted((ENGINE / folder).glob("*.py")):
            if path.name != "index.py":
                data = f"{folder}/{path.name}".encode() + b"\0" + path.read_bytes() + b"\0"
                crc, adler, size = zlib.crc32(data, crc), zlib.adler32(data, adler), size + len(data)
    return f"{crc:08x}{adler:08x}{size:x}"
