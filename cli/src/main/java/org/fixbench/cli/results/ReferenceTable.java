package org.fixbench.cli.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference table on README's first screen, made from the report it cites, never typed: per rate and engine, the
 * p50, p99 and worst round trip (all counted runs' samples together, as the report's tables give them), the paired
 * p50 overhead over raw TCP with its interval, and the runs OK. README holds it between two markers; the first names
 * the report, relative to the project's root. {@code scripts/fixbench index} writes it again, and a test checks that
 * it is current.
 */
public final class ReferenceTable {
    /** Opens the block: {@code <!-- reference table, made by scripts/fixbench index from PATH -->}. */
    public static final String BEGIN = "<!-- reference table, made by scripts/fixbench index from ";
    public static final String END = "<!-- end of the reference table -->";

    private static final Pattern BEGIN_LINE = Pattern.compile(Pattern.quote(BEGIN) + "(\\S+) -->");
    private static final Pattern RATE_HEADING = Pattern.compile("^## ([0-9,]+) msgs/s$");

    private ReferenceTable() {
    }

    /** {@code readme} with its reference block made again from the report the block names ({@code home}: the root). */
    public static String refresh(String readme, Path home) {
        Matcher m = BEGIN_LINE.matcher(readme);
        if (!m.find()) {
            throw new IllegalArgumentException("README.md has no line '" + BEGIN + "PATH -->'");
        }
        int end = readme.indexOf(END, m.end());
        if (end < 0) {
            throw new IllegalArgumentException("README.md's reference table has no closing line '" + END + "'");
        }
        String table = markdown(home.resolve(m.group(1)));
        return readme.substring(0, m.end()) + "\n" + table + readme.substring(end);
    }

    /**
     * The table from a comparison's {@code report.md}.
     *
     * @throws IllegalArgumentException one line: no such report, or a rate section without the rows it needs
     */
    public static String markdown(Path report) {
        List<String> lines;
        try {
            lines = Files.readAllLines(report);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + report + ": " + e.getMessage());
        }
        StringBuilder md = new StringBuilder("| rate (msgs/s) | engine | p50 (µs) | p99 (µs) | worst (µs) "
                + "| p50 over raw TCP, paired: median [interval] (µs) | runs OK |\n"
                + "| ---: | --- | ---: | ---: | ---: | --- | ---: |\n");
        int sections = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher heading = RATE_HEADING.matcher(lines.get(i));
            if (!heading.matches()) {
                continue;
            }
            sections++;
            String rate = heading.group(1);
            List<String> engines = null;
            String[] p50 = null;
            String[] p99 = null;
            String[] worst = null;
            String[] overhead = null;
            String[] runs = null;
            for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("## "); j++) {
                String l = lines.get(j);
                if (!l.startsWith("| ")) {
                    continue;
                }
                String[] cells = cells(l);
                if (cells[0].equals("µs") && engines == null) {
                    engines = List.of(cells).subList(1, cells.length);
                } else if (cells[0].equals("50")) {
                    p50 = cells;
                } else if (cells[0].equals("99")) {
                    p99 = cells;
                } else if (cells[0].equals("worst")) {
                    worst = cells;
                } else if (cells[0].startsWith("overhead vs ") && cells[0].contains(" at p50, paired")) {
                    overhead = cells;
                } else if (cells[0].equals("runs OK / DISTURBED / SATURATED / FAILED")) {
                    runs = cells;
                }
            }
            if (engines == null || p50 == null || p99 == null || worst == null || overhead == null || runs == null) {
                throw new IllegalArgumentException(report + ": the section '" + lines.get(i) + "' lacks a row of "
                        + "p50, p99, worst, paired overhead at p50 or runs");
            }
            for (int e = 0; e < engines.size(); e++) {
                int c = e + 1;
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", rate, engines.get(e),
                        pooled(p50[c]), pooled(p99[c]), worst[c], overhead[c], okOf(runs[c])));
            }
        }
        if (sections == 0) {
            throw new IllegalArgumentException(report + " has no section '## RATE msgs/s'");
        }
        return md.toString();
    }

    /** "14.0 [9.57 – 15.0]" → "14.0": the value of all runs' samples together, without the runs' range. */
    private static String pooled(String cell) {
        int bracket = cell.indexOf(" [");
        return bracket < 0 ? cell : cell.substring(0, bracket);
    }

    /** "6 / 0 / 0 / 0" → "6 of 6". */
    private static String okOf(String cell) {
        String[] n = cell.split("\\s*/\\s*");
        int total = 0;
        for (String s : n) {
            total += Integer.parseInt(s.trim());
        }
        return n[0].trim() + " of " + total;
    }

    private static String[] cells(String row) {
        String inner = row.substring(1, row.lastIndexOf('|'));
        List<String> out = new ArrayList<>();
        for (String c : inner.split("(?<!\\\\)\\|", -1)) {
            out.add(c.trim());
        }
        return out.toArray(String[]::new);
    }
}
