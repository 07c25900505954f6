package org.fixbench.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code report.html}: the same report as {@code report.md}, self-contained (charts embedded as data URIs), for
 * people who want to open one file. It converts only the Markdown the suite itself writes: headings, tables,
 * lists, code blocks, images, bold and code spans.
 */
public final class HtmlReport {
    private static final Pattern IMAGE = Pattern.compile("!\\[([^]]*)]\\(([^)]+)\\)");

    private HtmlReport() {
    }

    public static String render(String markdown, Path folder) throws IOException {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fixbench report</title>"
                + "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
                + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
                + "td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:1em;overflow-x:auto}"
                + "img{max-width:100%}</style></head><body>\n");
        boolean inCode = false;
        boolean inTable = false;
        boolean inList = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                html.append(inCode ? "</pre>\n" : "<pre>");
                inCode = !inCode;
                continue;
            }
            if (inCode) {
                html.append(escape(line)).append('\n');
                continue;
            }
            if (inTable && !line.startsWith("|")) {
                html.append("</table>\n");
                inTable = false;
            }
            if (inList && !line.startsWith("- ")) {
                html.append("</ul>\n");
                inList = false;
            }
            if (line.startsWith("|")) {
                String[] cells = line.substring(1, line.length() - (line.endsWith("|") ? 1 : 0)).split("\\|");
                if (cells.length > 0 && cells[0].trim().startsWith("---")) {
                    continue;
                }
                String tag = inTable ? "td" : "th";
                if (!inTable) {
                    html.append("<table>\n");
                    inTable = true;
                }
                html.append("<tr>");
                for (String cell : cells) {
                    html.append('<').append(tag).append('>').append(inline(cell.trim(), folder)).append("</").append(tag).append('>');
                }
                html.append("</tr>\n");
            } else if (line.startsWith("#")) {
                int level = (int) line.chars().takeWhile(c -> c == '#').count();
                html.append("<h").append(level).append('>').append(inline(line.substring(level).trim(), folder))
                        .append("</h").append(level).append(">\n");
            } else if (line.startsWith("- ")) {
                if (!inList) {
                    html.append("<ul>\n");
                    inList = true;
                }
                html.append("<li>").append(inline(line.substring(2), folder)).append("</li>\n");
            } else if (!line.isBlank()) {
                html.append("<p>").append(inline(line, folder)).append("</p>\n");
            }
        }
        if (inTable) {
            html.append("</table>\n");
        }
        if (inList) {
            html.append("</ul>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    private static String inline(String text, Path folder) throws IOException {
        StringBuilder out = new StringBuilder();
        Matcher m = IMAGE.matcher(text);
        int last = 0;
        while (m.find()) {
            out.append(spans(escape(text.substring(last, m.start()))));
            Path image = folder.resolve(m.group(2));
            String src = Files.isRegularFile(image)
                    ? "data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(image))
                    : escape(m.group(2));
            out.append("<img alt=\"").append(escape(m.group(1))).append("\" src=\"").append(src).append("\">");
            last = m.end();
        }
        out.append(spans(escape(text.substring(last))));
        return out.toString();
    }

    private static String spans(String escaped) {
        return escaped.replaceAll("\\*\\*([^*]+)\\*\\*", "<b>$1</b>").replaceAll("`([^`]+)`", "<code>$1</code>")
                .replaceAll("\\*([^* ][^*]*)\\*", "<i>$1</i>");
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
