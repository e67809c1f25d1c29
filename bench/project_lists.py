#!/usr/bin/env python3
"""A project's idea list read from one per-project index against the merge of its boards' indexes.

Migration 0028 dropped the three per-project list indexes (`ideas_visible_project_{top,recent,
discussed}`): a project's page now reads the next page of each board from the board's index
and merges them (`IngestStore.publicIdeaPage`). This measures what that costs a read, on a
copy of a real ingest database whose ideas are spread over BOARDS boards:

  APPNORTH_BENCH_KEEP=1 bench/writes.sh 5     # leaves /tmp/appnorth-bench-*/data/ingest.sqlite
  python3 bench/project_lists.py /tmp/appnorth-bench-*/data/ingest.sqlite [BOARDS, default 3]

For each sort: 30 pages of 20 read through their keyset positions, and 30 pages of a search
matching every idea ("benchmark") and of one matching a single idea, each through the
statement as ingest builds it (MATERIALIZED=1: searching once a statement instead), once with the per-project index (as before 0028) and once
merged from the boards (after); the two must list the same ideas. Prints milliseconds a page.
"""
import os
import shutil
import sqlite3
import sys
import tempfile
import time

SELECT = """SELECT i.id, i.slug, i.board_id, b.slug AS board_slug, i.title, i.description, i.author_name,
       s.slug AS status_slug, s.label AS status_label, s.color AS status_color,
       i.vote_count, i.comment_count, i.pinned, i.moderation, i.created_at, i.last_activity_at,
       EXISTS (SELECT 1 FROM votes v WHERE v.idea_id = i.id AND v.voter_key = ?1) AS has_voted,
       (i.author_key IS NOT NULL AND i.author_key = ?1) AS viewer_is_author
FROM ideas i CROSS JOIN boards b ON b.id = i.board_id LEFT JOIN board_statuses s ON s.id = i.status_id"""
VISIBLE = "i.merged_into_id IS NULL AND (i.moderation IS NULL OR i.moderation = 'approved')"
# MATERIALIZED=1: search once a statement, in a materialized common table expression, instead
# of once an arm as ingest does (the alternative measured against it).
MATERIALIZED = os.environ.get("MATERIALIZED") == "1"
KEY = {"top": "vote_count", "recent": "created_at", "discussed": "comment_count"}


def statement(boards, project, sort, after, limit, match):
    """The page's SQL and arguments: one arm over the project (boards is None) or one a board."""
    args = [None, project, limit]

    def param(value):
        args.append(value)
        return "?%d" % len(args)

    column = "i." + KEY[sort]
    conditions = " AND i.project_id = ?2 AND " + VISIBLE
    sql = ""
    if match and MATERIALIZED:
        sql = "WITH matched AS MATERIALIZED (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH %s) " % param(match)
        conditions += " AND i.rowid IN matched"
    elif match:
        conditions += " AND i.rowid IN (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH %s)" % param(match)
    if after:
        conditions += " AND (i.pinned, %s, i.id) < (%s)" % (column, ", ".join(param(v) for v in after))
    order = " ORDER BY i.pinned DESC, %s DESC, i.id DESC LIMIT ?3" % column
    if boards is None:
        return sql + SELECT + " WHERE 1" + conditions + order, args
    arms = [SELECT + " WHERE i.board_id = " + param(b) + conditions + order for b in boards]
    if len(arms) == 1:
        return sql + arms[0], args
    sql += " UNION ALL ".join("SELECT * FROM (" + a + ")" for a in arms)
    return sql + " ORDER BY pinned DESC, %s DESC, id DESC LIMIT ?3" % KEY[sort], args


def pages(db, boards, project, sort, match, count=30, limit=21):
    """Reads `count` pages; returns (ids listed, seconds)."""
    ids, after, spent = [], None, 0.0
    column = {"top": 10, "recent": 14, "discussed": 11}[sort]
    for _ in range(count):
        sql, args = statement(boards, project, sort, after, limit, match)
        start = time.perf_counter()
        rows = db.execute(sql, args).fetchall()
        spent += time.perf_counter() - start
        ids += [r[0] for r in rows[: limit - 1]]
        if len(rows) < limit:
            break
        last = rows[limit - 2]
        after = (last[12], last[column], last[0])
    return ids, spent


def main():
    source = sys.argv[1]
    board_count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    work = tempfile.mkdtemp(prefix="project-lists-")
    path = os.path.join(work, "ingest.sqlite")
    src = sqlite3.connect(source)
    src.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    src.close()
    shutil.copy(source, path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys=OFF")
    project, first = db.execute("SELECT project_id, id FROM boards ORDER BY position LIMIT 1").fetchone()
    for n in range(1, board_count):
        db.execute(
            "INSERT INTO boards (id, project_id, slug, name, position, created_at) SELECT id || '-' || ?1, project_id, "
            "'board-' || ?1, 'Board ' || ?1, ?1, created_at FROM boards WHERE id = ?2", (n, first))
        db.execute("UPDATE ideas SET board_id = ?1 || '-' || ?2 WHERE rowid % ?3 = ?2", (first, n, board_count))
    # Counts and pins a real board would have: ties, a few pinned ideas, some hidden ones.
    db.execute("UPDATE ideas SET vote_count = abs(random()) % 50, comment_count = abs(random()) % 7 WHERE rowid % 5 = 0")
    db.execute("UPDATE ideas SET pinned = 1 WHERE rowid IN (17, 2000, 50001)")
    db.execute("UPDATE ideas SET moderation = 'pending' WHERE rowid % 11 = 0")
    db.commit()
    total = db.execute("SELECT count(*) FROM ideas").fetchone()[0]
    one = db.execute("SELECT title FROM ideas WHERE rowid = 12345").fetchone()
    narrow = '"%s"' % one[0] if one else None
    boards = [r[0] for r in db.execute("SELECT id FROM boards WHERE project_id = ? ORDER BY id", (project,))]
    print("%d ideas over %d boards (%s)" % (total, len(boards), source))
    names = [n[0] for n in db.execute("SELECT name FROM sqlite_master WHERE name LIKE 'ideas_visible_project_%'")]
    for name in names:
        db.execute("DROP INDEX " + name)
    before = sqlite3.connect(os.path.join(work, "before.sqlite"))
    before.close()
    shutil.copy(path, os.path.join(work, "before.sqlite"))
    before = sqlite3.connect(os.path.join(work, "before.sqlite"))
    for sort, column in KEY.items():
        before.execute(
            "CREATE INDEX ideas_visible_project_%s ON ideas(project_id, pinned, %s, id) WHERE %s"
            % (sort, column, VISIBLE.replace("i.", "")))
    before.commit()
    db.execute("ANALYZE")
    before.execute("ANALYZE")
    for sort in KEY:
        for label, match in (("list", None), ("search matching all", "benchmark"), ("search matching one", narrow)):
            if label != "list" and match is None:
                continue
            listed_before, t_before = pages(before, None, project, sort, match)
            listed_after, t_after = pages(db, boards, project, sort, match)
            assert listed_before == listed_after, (sort, label)
            n = max(1, -(-len(listed_before) // 20))
            print("%-9s %-20s %3d pages: one project index %7.3f ms a page, merged from %d boards %7.3f ms a page"
                  % (sort, label, n, t_before * 1000 / n, len(boards), t_after * 1000 / n))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
