package org.fixbench.cli.report.doc;

import java.util.ArrayList;
import java.util.List;

/** A report before it is written: its title, then its blocks in order. */
public record Document(String title, List<Block> blocks) {
    public Document {
        blocks = List.copyOf(blocks);
    }

    /** Blocks gathered in order (a section's, or a document's). */
    public static final class Builder {
        private final List<Block> blocks = new ArrayList<>();

        public Builder add(Block block) {
            if (!(block instanceof Block.Bullets b && b.isEmpty())) {
                blocks.add(block);
            }
            return this;
        }

        public Builder addAll(List<? extends Block> more) {
            more.forEach(this::add);
            return this;
        }

        public Builder paragraph(String text) {
            return add(new Block.Paragraph(text));
        }

        public List<Block> blocks() {
            return List.copyOf(blocks);
        }

        public Block.Section section(int level, String title) {
            return new Block.Section(level, title, blocks);
        }

        public Document build(String title) {
            return new Document(title, blocks);
        }
    }
}
