"""A byte buffer the encoders write observations into: ``librt.strings.BytesWriter``.

The learning environments' observation encoders (``games/<game>/encoding.py``) write one byte per
one-hot entry and the dense block as float32.  Compiled with mypyc (the compiled build), writes
into librt's ``BytesWriter`` (and :func:`write_f32_le`) are plain C, where a ``bytearray`` item
costs a Python call and a boxed index; librt comes with mypy (the ``fast`` extra).  Where librt is
not installed, pure Python runs on a ``bytearray`` that answers to the same calls
(:mod:`primetime.core._writer_py`), with the same bytes.
"""

from __future__ import annotations

try:
    from librt.strings import BytesWriter, write_f32_le
except ImportError:  # pragma: no cover - librt comes with mypy; without it, the same in Python
    from primetime.core._writer_py import BytesWriter, write_f32_le  # type: ignore[assignment]

__all__ = ["BytesWriter", "write_f32_le"]
