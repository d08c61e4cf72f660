"""Reads the platform's exports back with the readers the field uses, for tests/server/export-interop.test.ts.

  python3 export-interop-readers.py zip <archive.zip> <folder>   extract with zipfile, then read every file
  python3 export-interop-readers.py csv <file.csv>              a spreadsheet CSV (byte-order mark, quoting)

Prints JSON. TSVs are read as Common Voice's readers read its raw TSVs: with csv.QUOTE_NONE (Lhotse's Common
Voice recipe, Hugging Face's Common Voice scripts). Audio is opened with soundfile (libsndfile); the TMX with
translate-toolkit.
"""

import csv
import hashlib
import json
import os
import sys
import zipfile


def read_tsv(path, quoting):
    with open(path, newline="", encoding="utf-8") as f:
        return [dict(row) for row in csv.DictReader(f, delimiter="\t", quoting=quoting)]


def read_csv(path, encoding="utf-8"):
    with open(path, newline="", encoding=encoding) as f:
        return [dict(row) for row in csv.DictReader(f)]


def read_ljspeech(path):
    # As LJSpeech's readers do: one clip per line, fields split on |, no quoting.
    with open(path, newline="", encoding="utf-8") as f:
        return [row for row in csv.reader(f, delimiter="|", quoting=csv.QUOTE_NONE)]


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_audio(path):
    import soundfile

    info = soundfile.info(path)
    data, rate = soundfile.read(path, dtype="int16", always_2d=True)
    return {
        "format": info.format,
        "subtype": info.subtype,
        "samplerate": rate,
        "channels": info.channels,
        "frames": info.frames,
        "decodedFrames": int(data.shape[0]),
        "peak": int(abs(data.astype("int32")).max()) if data.size else 0,
        "sha256": hashlib.sha256(data.tobytes()).hexdigest(),
    }


def read_tmx(path):
    from translate.storage import tmx

    with open(path, "rb") as f:
        store = tmx.tmxfile(f, "en", "lpx")
    return [{"id": unit.getid(), "source": unit.source, "target": unit.target} for unit in store.units]


def read_archive(archive, folder):
    with zipfile.ZipFile(archive) as z:
        bad = z.testzip()
        if bad is not None:
            raise SystemExit(f"corrupt entry {bad}")
        z.extractall(folder)
    files = {}
    manifest = None
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if name == "manifest.json":
                with open(path, encoding="utf-8") as f:
                    manifest = json.load(f)
                files[rel] = {"json": manifest}
    kind = manifest["kind"] if manifest else None
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            if name == "manifest.json":
                continue
            if name.endswith(".tsv"):
                files[rel] = {"quoteNone": read_tsv(path, csv.QUOTE_NONE)}
            elif name == "metadata.csv" and kind == "tts":
                files[rel] = {"ljspeech": read_ljspeech(path)}
            elif name.endswith(".csv"):
                files[rel] = {"default": read_csv(path)}
            elif name.endswith(".jsonl") or name.endswith("_manifest.json"):
                files[rel] = {"jsonl": read_jsonl(path)}
            elif name.endswith(".wav") or name.endswith(".flac"):
                files[rel] = {"audio": read_audio(path)}
            elif name.endswith(".tmx"):
                files[rel] = {"tmx": read_tmx(path)}
            else:
                files[rel] = {"unread": True}
    return files


def main():
    command = sys.argv[1]
    if command == "zip":
        result = read_archive(sys.argv[2], sys.argv[3])
    elif command == "csv":
        result = read_csv(sys.argv[2], encoding="utf-8-sig")
    else:
        raise SystemExit(f"unknown command {command}")
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
