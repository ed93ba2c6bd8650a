"""Writes podcast feeds for bench/podcasts.sh, shaped as publishers write them (RSS 2.0 with
the iTunes namespace, CDATA show notes with HTML, an enclosure per item).

Usage: make_feeds.py DIR COUNT ITEMS BASE_URL      COUNT feeds feedNNN.xml of ITEMS items each
       make_feeds.py DIR grow FIRST LAST BASE_URL  one item more in feeds FIRST..LAST
       make_feeds.py DIR big ITEMS BASE_URL        one feed big.xml of ITEMS items
"""
import os
import sys

NOTES = "<p>In this episode we talk about <b>sound</b>, <a href='https://example.test'>links</a> and more.</p>" * 4


def item(feed, number, base):
    day = 1 + number % 28
    return (
        "    <item>\n"
        f"      <title>Episode {number} of show {feed}</title>\n"
        f"      <guid isPermaLink=\"false\">show-{feed}-episode-{number}</guid>\n"
        f"      <pubDate>Mon, {day:02d} Jun 2026 {number % 24:02d}:00:00 GMT</pubDate>\n"
        f"      <enclosure url=\"{base}/audio/{feed}/{number}.mp3\" length=\"31457280\" type=\"audio/mpeg\"/>\n"
        f"      <itunes:duration>{number % 2}:{number % 60:02d}:00</itunes:duration>\n"
        f"      <description><![CDATA[{NOTES}]]></description>\n"
        "    </item>\n"
    )


def write(directory, name, feed, count, base):
    items = "".join(item(feed, number, base) for number in range(count, 0, -1))
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">\n'
        f"  <channel>\n    <title>Show {feed}</title>\n    <link>{base}</link>\n"
        f"    <description>The show number {feed}.</description>\n"
        "    <itunes:author>Bench</itunes:author>\n"
        f"{items}  </channel>\n</rss>\n"
    )
    path = os.path.join(directory, name)
    with open(path + ".new", "w", encoding="utf-8") as out:
        out.write(text)
    os.rename(path + ".new", path)


def main():
    directory, command = sys.argv[1], sys.argv[2]
    os.makedirs(directory, exist_ok=True)
    counts = os.path.join(directory, "counts")
    if command == "grow":
        first, last, base = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
        known = dict(line.split() for line in open(counts, encoding="utf-8"))
        for feed in range(first, last + 1):
            known[str(feed)] = str(int(known[str(feed)]) + 1)
            write(directory, f"feed{feed:03d}.xml", feed, int(known[str(feed)]), base)
        with open(counts, "w", encoding="utf-8") as out:
            out.writelines(f"{feed} {count}\n" for feed, count in known.items())
    elif command == "big":
        write(directory, "big.xml", 0, int(sys.argv[3]), sys.argv[4])
    else:
        count, items, base = int(command), int(sys.argv[3]), sys.argv[4]
        for feed in range(1, count + 1):
            write(directory, f"feed{feed:03d}.xml", feed, items, base)
        with open(counts, "w", encoding="utf-8") as out:
            out.writelines(f"{feed} {items}\n" for feed in range(1, count + 1))


if __name__ == "__main__":
    main()
