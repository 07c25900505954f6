package org.fixbench.cli.report.doc;

import java.util.List;

/**
 * A part of a report's {@link Document}: a section, a paragraph, a table, a list, a block of fixed-width text or a
 * figure. Text inside a block (a paragraph's, a cell's, a list item's) is
 * inline Markdown: {@code `code`}, {@code **strong**}, {@code *emphasis*}, links, {@code \|} for a bar in a cell.
 * Written by {@link MarkdownWriter}, {@link HtmlWriter} and {@link ConsoleWriter}.
 */
public sealed interface Block permits Block.Section, Block.Paragraph, Table, Block.Bullets, Block.Code, Block.Figure {

    /**
     * A heading and what it holds. {@code detail}: part of the report's detail (the run-by-run summaries), which the
     * console leaves out.
     */
    record Section(int level, String title, List<Block> blocks, boolean detail) implements Block {
        public Section {
            if (level < 1 || level > 6) {
                throw new IllegalArgumentException("a heading's level is 1 to 6, not " + level);
            }
            blocks = List.copyOf(blocks);
        }

        public Section(int level, String title, List<Block> blocks) {
            this(level, title, blocks, false);
        }
    }

    /** A paragraph; its text may run over lines. */
    record Paragraph(String text) implements Block {
    }

    /**
     * A list of notes, in groups that follow each other (a group's items, then the next group's after a blank line:
     * one list whose items stand apart).
     */
    record Bullets(List<List<Item>> groups) implements Block {
        public Bullets {
            groups = groups.stream().filter(g -> !g.isEmpty()).map(List::copyOf).toList();
        }

        /** One group of items. */
        public static Bullets of(List<Item> items) {
            return new Bullets(List.of(items));
        }

        /** One group of items without sub-items. */
        public static Bullets ofTexts(List<String> texts) {
            return of(texts.stream().map(Item::of).toList());
        }

        public boolean isEmpty() {
            return groups.isEmpty();
        }
    }

    /** A list item and its own items. */
    record Item(String text, List<Item> items) {
        public Item {
            items = List.copyOf(items);
        }

        public static Item of(String text) {
            return new Item(text, List.of());
        }
    }

    /** Fixed-width text, shown as it is (lines end with a newline). */
    record Code(String text) implements Block {
    }

    /** A figure: a chart's PNG, relative to the results folder, and its title. */
    record Figure(String title, String path) implements Block {
    }
}
