"""Imports `infraprep export anki` files into a fresh Anki collection with Anki's own library.

Usage: anki_import.py FIRST.txt SECOND.txt
FIRST is an export; SECOND the export after a card changed. Checks that the first import adds
every note line (Basic and Cloze), that the second import updates notes instead of adding any,
and that the changed field arrived.
"""

import sys
import tempfile
from pathlib import Path

from anki.collection import Collection
from anki.import_export_pb2 import ImportCsvRequest


def note_lines(path):
    return [l for l in Path(path).read_text(encoding="utf-8").splitlines() if not l.startswith("#")]


def import_file(col, path):
    metadata = col.get_csv_metadata(path=str(path), delimiter=None)
    return col.import_csv(ImportCsvRequest(path=str(path), metadata=metadata))


def main(first, second):
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(str(Path(tmp) / "collection.anki2"))
        log = import_file(col, first).log
        lines = note_lines(first)
        assert col.note_count() == len(lines), (col.note_count(), len(lines), log)
        assert len(log.new) == len(lines), (len(log.new), len(lines))
        cloze = col.find_notes("note:Cloze")
        assert cloze, "the number variants import as Cloze notes"
        deck = col.decks.by_name("infraprep")
        assert deck is not None, "the deck header made the infraprep deck"

        log = import_file(col, second).log
        assert col.note_count() == len(lines), ("duplicated", col.note_count(), len(lines))
        assert len(log.new) == 0, ("new notes on re-import", len(log.new))
        changed = col.find_notes('"back:*Reasons first, then a number.*"')
        assert len(changed) == 1, ("the changed field was updated", len(changed))
        print(
            f"anki import ok: {len(lines)} notes ({len(cloze)} cloze), "
            f"re-import updated {len(log.updated)} and added 0"
        )
        col.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
