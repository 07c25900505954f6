package org.fixbench.cli.report.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of a report, before it is written: its header, how each column aligns, and its rows. Each row has a key
 * that says what the row is (a percentile, a count, ...), so that a reader finds a row by its key rather than by the
 * words of its label, and each cell may carry the value it shows, so that a reader takes the value rather than
 * parsing the text. Written by {@link MarkdownWriter}.
 */
public record Table(List<String> header, List<Align> align, List<Row> rows) implements Block {
    public enum Align {
        LEFT, RIGHT;

        /** One alignment per letter of {@code letters}: {@code L} left, {@code R} right ("LRR": three columns). */
        public static List<Align> of(String letters) {
            List<Align> out = new ArrayList<>();
            for (char c : letters.toCharArray()) {
                out.add(switch (c) {
                    case 'L' -> LEFT;
                    case 'R' -> RIGHT;
                    default -> throw new IllegalArgumentException("an alignment is L or R, not " + c);
                });
            }
            return out;
        }
    }

    /** A cell: the text shown, and the value behind it (null where the text is all there is). */
    public record Cell(String text, Object value) {
        public static Cell of(String text) {
            return new Cell(text, null);
        }
    }

    /**
     * A row: its key (what it is; null for a row nobody looks up), its label (the first column) and its cells, one per
     * column after the label.
     */
    public record Row(Object key, String label, List<Cell> cells) {
        public Row {
            cells = List.copyOf(cells);
        }

        /** A row of plain texts. */
        public static Row of(Object key, String label, List<String> texts) {
            return new Row(key, label, texts.stream().map(Cell::of).toList());
        }
    }

    public Table {
        header = List.copyOf(header);
        align = List.copyOf(align);
        rows = List.copyOf(rows);
        if (align.size() != header.size()) {
            throw new IllegalArgumentException(header.size() + " columns but " + align.size() + " alignments");
        }
    }

    /** The first row with {@code key}, or null. */
    public Row row(Object key) {
        return rows.stream().filter(r -> Objects.equals(r.key(), key)).findFirst().orElse(null);
    }

    /** A table being built: its header first, then its rows in order. */
    public static final class Builder {
        private final List<String> header;
        private final List<Align> align;
        private final List<Row> rows = new ArrayList<>();

        public Builder(List<String> header, List<Align> align) {
            this.header = header;
            this.align = align;
        }

        public Builder row(Row row) {
            rows.add(row);
            return this;
        }

        public Table build() {
            return new Table(header, align, rows);
        }
    }
}
