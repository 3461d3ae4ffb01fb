# Writes two archives libzip refuses, from the one-node runner row: duplicate_names.zip (two entries named
# agg.json) and lzma_entry.zip (its entry compressed with LZMA). Run: python3 make_odd_archives.py
import warnings
import zipfile

row = open('../runner/dsv4-runs/agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json', 'rb').read()
warnings.simplefilter('ignore')  # zipfile warns about the duplicate name, which is the point
with zipfile.ZipFile('duplicate_names.zip', 'w', zipfile.ZIP_DEFLATED) as archive:
    archive.writestr('agg.json', row)
    archive.writestr('agg.json', row)
with zipfile.ZipFile('lzma_entry.zip', 'w', zipfile.ZIP_LZMA) as archive:
    archive.writestr('agg.json', row)
