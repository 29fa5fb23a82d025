"""``librt.strings.BytesWriter``'s part the encoders use, in Python (see :mod:`primetime.core.writer`)."""

from __future__ import annotations

import struct

_F32_LE = struct.Struct("<f")


class BytesWriter(bytearray):
    """Bytes written at the end (:meth:`write`) or set in place (``w[i] = 1``); :meth:`getvalue` copies them."""

    def write(self, b: bytes | bytearray) -> None:
        self.extend(b)

    def getvalue(self) -> bytes:
        return bytes(self)


def write_f32_le(w: BytesWriter, x: float) -> None:
    """Append ``x`` as a little-endian float32 (rounded to the nearest, as a C cast does)."""
    w.extend(_F32_LE.pack(x))
