package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link and embedded image in the project's documents resolves: README.md, CONTRIBUTING.md, every
 * module's README (the cluster's included), docs/, fix-configs/ and results/ (the published reports, Markdown and
 * HTML). A report that embeds a chart nobody committed renders as a broken image for every reader.
 */
class DocumentLinksTest {
    private static final Path ROOT = Path.of("..");
    /** [text](target) and ![alt](target "title"); the target up to whitespace or the closing parenthesis. */
    private static final Pattern MARKDOWN = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HTML = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    @Test
    void everyRelativeLinkAndImageResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path doc : documents(ROOT)) {
            for (String target : targets(doc)) {
                checked++;
                if (!resolves(doc, target)) {
                    broken.add(ROOT.relativize(doc) + " -> " + target);
                }
            }
        }
        assertTrue(checked > 100, "the documents hold links to check (found " + checked + ")");
        assertTrue(broken.isEmpty(), broken.size() + " link(s) or image(s) do not resolve:\n" + String.join("\n",
                broken.subList(0, Math.min(40, broken.size()))));
    }

    @Test
    void aBrokenImageALinkAndAnAnchorAreTold(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("charts"));
        Files.writeString(dir.resolve("charts/kept.png"), "png");
        Files.writeString(dir.resolve("other.md"), "# other\n");
        Path doc = dir.resolve("report.md");
        Files.writeString(doc, "![kept](charts/kept.png)\n![gone](charts/gone.png)\n[other](other.md#other) "
                + "[missing](missing.md) [web](https://example.org/x.png) [here](#top) [mail](mailto:a@b)\n"
                + "[spaced](charts/kept.png \"a title\")\n");
        List<String> bad = targets(doc).stream().filter(t -> !resolves(doc, t)).toList();
        assertEquals(List.of("charts/gone.png", "missing.md"), bad);
        Path html = dir.resolve("report.html");
        Files.writeString(html, "<img src=\"data:image/png;base64,AAAA\"><img src=\"charts/gone.png\">"
                + "<a href=\"other.md\">o</a>");
        assertEquals(List.of("charts/gone.png"), targets(html).stream().filter(t -> !resolves(html, t)).toList());
    }

    static List<Path> documents(Path root) throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(root.resolve("README.md"));
        docs.add(root.resolve("CONTRIBUTING.md"));
        for (String dir : new String[] {"docs", "results", "fix-configs", "engines", "harness", "fix", "cli", "cluster",
                "benchmarks"}) {
            try (Stream<Path> s = Files.walk(root.resolve(dir))) {
                s.filter(Files::isRegularFile)
                        .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/src/")
                                && !p.toString().contains("/node_modules/"))
                        .filter(p -> p.toString().endsWith(".md") || p.toString().endsWith(".html"))
                        .sorted().forEach(docs::add);
            }
        }
        return docs;
    }

    static List<String> targets(Path doc) throws IOException {
        String text = Files.readString(doc);
        List<String> found = new ArrayList<>();
        Matcher m = MARKDOWN.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        if (doc.toString().endsWith(".html")) {
            Matcher h = HTML.matcher(text);
            while (h.find()) {
                found.add(h.group(1));
            }
        }
        return found;
    }

    /** True for a target on the web, an anchor in the same page, or a path (without its anchor) that exists. */
    static boolean resolves(Path doc, String target) {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("#")) {
            return true;
        }
        String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        if (path.isEmpty()) {
            return true;
        }
        Path resolved = doc.getParent().resolve(percentDecoded(path)).normalize();
        return Files.exists(resolved);
    }

    /** %XX escapes decoded; a '+' stays a '+' (chart names hold them: sbe_tuned+idle=yield). */
    private static String percentDecoded(String path) {
        return path.contains("%") ? URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8) : path;
    }
}
