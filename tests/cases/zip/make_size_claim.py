# Writes a zip64 archive holding FILE deflated under the name agg.json, whose headers claim an inflated size of
# CLAIM bytes: python3 make_size_claim.py FILE CLAIM > out.zip. size_claim_2_64.zip is
# ../runner/dsv4-runs/agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json with a claim of 2^64 - 1.
import struct
import sys
import zlib

data = open(sys.argv[1], 'rb').read()
claim = int(sys.argv[2])
name = b'agg.json'
deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
packed = deflate.compress(data) + deflate.flush()
crc = zlib.crc32(data)
local = struct.pack('<IHHHHHIIIHH', 0x04034b50, 45, 0, 8, 0, 0x21, crc, 0xffffffff, 0xffffffff, len(name), 20)
local += name + struct.pack('<HHQQ', 1, 16, claim, len(packed)) + packed
central = struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 0x031e, 45, 0, 8, 0, 0x21, crc, 0xffffffff, 0xffffffff,
                      len(name), 28, 0, 0, 0, 0, 0xffffffff) + name + struct.pack('<HHQQQ', 1, 24, claim, len(packed), 0)
end = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 1, 1, len(central), len(local), 0)
sys.stdout.buffer.write(local + central + end)
