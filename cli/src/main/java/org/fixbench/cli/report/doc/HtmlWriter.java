package org.fixbench.cli.report.doc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Set;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableHead;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BulletList;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Writes a report's document as one self-contained HTML page ({@code report.html}), its figures embedded as data URIs
 * so the file can be mailed or attached alone. The blocks become commonmark-java's nodes, which its renderer (with
 * the GitHub-style tables extension) writes; only the text inside a block is read, as inline Markdown.
 */
public final class HtmlWriter {
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    /** Text inside a block: no block type at all, so that a leading "-" or "#" stays text. */
    private static final Parser INLINE = Parser.builder().enabledBlockTypes(Set.of()).build();
    private static final String HEAD = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fixbench report"
            + "</title><style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
            + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
            + "td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:1em;overflow-x:auto}"
            + "img{max-width:100%}</style></head><body>\n";

    private HtmlWriter() {
    }

    /** The page; {@code folder}: the results folder, where the figures' files are read. */
    public static String write(Document document, Path folder) throws IOException {
        org.commonmark.node.Document root = new org.commonmark.node.Document();
        Heading title = new Heading();
        title.setLevel(1);
        inline(title, document.title());
        root.appendChild(title);
        for (Block block : document.blocks()) {
            append(root, block, folder);
        }
        return HEAD + HtmlRenderer.builder().extensions(EXTENSIONS).build().render(root) + "</body></html>\n";
    }

    private static void append(Node parent, Block block, Path folder) throws IOException {
        if (block instanceof Block.Section s) {
            Heading heading = new Heading();
            heading.setLevel(s.level());
            inline(heading, s.title());
            parent.appendChild(heading);
            for (Block b : s.blocks()) {
                append(parent, b, folder);
            }
        } else if (block instanceof Block.Paragraph p) {
            Paragraph paragraph = new Paragraph();
            inline(paragraph, p.text());
            parent.appendChild(paragraph);
        } else if (block instanceof Table t) {
            parent.appendChild(table(t));
        } else if (block instanceof Block.Bullets b) {
            BulletList list = new BulletList();
            list.setTight(b.groups().size() <= 1); // groups apart: one list whose items stand apart
            b.groups().forEach(group -> group.forEach(item -> list.appendChild(item(item))));
            parent.appendChild(list);
        } else if (block instanceof Block.Code c) {
            FencedCodeBlock code = new FencedCodeBlock();
            code.setLiteral(c.text());
            parent.appendChild(code);
        } else if (block instanceof Block.Figure f) {
            Path file = folder.resolve(f.path());
            Image image = new Image(Files.isRegularFile(file) ? "data:image/png;base64,"
                    + Base64.getEncoder().encodeToString(Files.readAllBytes(file)) : f.path(), null);
            inline(image, f.title());
            Paragraph paragraph = new Paragraph();
            paragraph.appendChild(image);
            parent.appendChild(paragraph);
        } else {
            throw new IllegalArgumentException("no HTML for " + block.getClass().getSimpleName());
        }
    }

    private static ListItem item(Block.Item item) {
        ListItem li = new ListItem();
        Paragraph text = new Paragraph();
        inline(text, item.text());
        li.appendChild(text);
        if (!item.items().isEmpty()) {
            BulletList sub = new BulletList();
            sub.setTight(true);
            item.items().forEach(i -> sub.appendChild(item(i)));
            li.appendChild(sub);
        }
        return li;
    }

    private static TableBlock table(Table t) {
        TableBlock table = new TableBlock();
        TableHead head = new TableHead();
        TableRow headRow = new TableRow();
        for (int c = 0; c < t.header().size(); c++) {
            headRow.appendChild(cell(t.header().get(c), t.align().get(c), true));
        }
        head.appendChild(headRow);
        table.appendChild(head);
        if (!t.rows().isEmpty()) {
            TableBody body = new TableBody();
            for (Table.Row row : t.rows()) {
                TableRow tr = new TableRow();
                tr.appendChild(cell(row.label(), t.align().get(0), false));
                for (int c = 0; c < row.cells().size(); c++) {
                    tr.appendChild(cell(row.cells().get(c).text(), t.align().get(c + 1), false));
                }
                body.appendChild(tr);
            }
            table.appendChild(body);
        }
        return table;
    }

    private static TableCell cell(String text, Table.Align align, boolean header) {
        TableCell cell = new TableCell();
        cell.setHeader(header);
        cell.setAlignment(align == Table.Align.RIGHT ? TableCell.Alignment.RIGHT : null);
        inline(cell, text);
        return cell;
    }

    /** {@code text}, read as inline Markdown, as {@code target}'s children. */
    private static void inline(Node target, String text) {
        Node parsed = INLINE.parse(text);
        Node paragraph = parsed.getFirstChild();
        if (paragraph != null) {
            moveChildren(paragraph, target);
        }
    }

    private static void moveChildren(Node from, Node to) {
        Node child = from.getFirstChild();
        while (child != null) {
            Node next = child.getNext();
            to.appendChild(child);
            child = next;
        }
    }
}
