package org.fixbench.cli.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * {@code report.html}: the Markdown report rendered by commonmark-java (with its GitHub-style tables extension) into
 * one self-contained page, the charts embedded as data URIs so the file can be mailed or attached alone.
 */
public final class HtmlReport {
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final String HEAD = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fixbench report"
            + "</title><style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
            + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
            + "td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:1em;overflow-x:auto}"
            + "img{max-width:100%}</style></head><body>\n";

    private HtmlReport() {
    }

    public static String render(String markdown, Path folder) throws IOException {
        Node document = Parser.builder().extensions(EXTENSIONS).build().parse(markdown);
        try {
            document.accept(new AbstractVisitor() {
                @Override
                public void visit(Image image) {
                    Path file = folder.resolve(image.getDestination());
                    if (Files.isRegularFile(file)) {
                        try {
                            image.setDestination("data:image/png;base64,"
                                    + Base64.getEncoder().encodeToString(Files.readAllBytes(file)));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                    visitChildren(image);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return HEAD + HtmlRenderer.builder().extensions(EXTENSIONS).build().render(document) + "</body></html>\n";
    }
}
