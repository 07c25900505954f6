package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fixbench.cli.run.ForkedRun;
import org.fixbench.harness.Layers;
import org.junit.jupiter.api.Test;

/**
 * The command line's packages are layers, and every arrow points down: the commands → flow (what more than one command
 * runs: a comparison, and the seam to the cluster module) → each scenario's folder (none uses another) → the scenarios'
 * interface and what they share, beside run's examples → run and report, side by side (neither uses the other) →
 * results → options, beside report.doc (a report's document and its writers, which know nothing of the rest). Read
 * from the import lines and the fully
 * qualified names in the main sources (strings left out), so a new upward arrow fails here, with the file and line.
 */
class LayersTest {
    private static final String BASE = "org.fixbench.cli";
    /** Layer by package, lowest first; two packages of one layer must not use each other. */
    private static final Map<String, Integer> LAYER = Map.ofEntries(Map.entry(BASE + ".options", 0),
            Map.entry(BASE + ".report.doc", 0), Map.entry(BASE + ".results", 1), Map.entry(BASE + ".run", 2),
            Map.entry(BASE + ".report", 2),
            Map.entry(BASE + ".run.examples", 3), Map.entry(BASE + ".scenario", 3),
            Map.entry(BASE + ".scenario.slowconsumer", 4), Map.entry(BASE + ".scenario.burst", 4),
            Map.entry(BASE + ".scenario.resendstorm", 4), Map.entry(BASE + ".scenario.serverrestart", 4),
            Map.entry(BASE + ".flow", 5), Map.entry(BASE, 6));
    private static final Pattern STRING = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");

    @Test
    void everyArrowBetweenTheCommandLinesPackagesPointsDown() throws IOException {
        Layers.Scan scan = Layers.scan(Path.of("src/main/java/org/fixbench/cli"), BASE);
        assertTrue(scan.files() > 25, "read " + scan.files() + " files");
        assertEquals(List.of(), scan.packages().stream().filter(p -> !LAYER.containsKey(p)).toList(),
                "packages with no layer");
        assertEquals(List.of(), scan.arrows().stream().filter(a -> {
            Integer to = LAYER.get(a.to());
            Integer from = LAYER.get(a.from());
            return to == null || to > from || to.equals(from) && !a.to().equals(a.from());
        }).map(Layers.Arrow::toString).toList(), "upward arrows");
    }

    /**
     * No command uses another: what two commands share (host arguments, the knee search, a comparison, rendering a
     * folder's report) lives in the layers below them. Only {@link FixbenchCli}, which lists the commands, names them.
     */
    @Test
    void noCommandUsesAnotherCommand() throws IOException {
        Path sources = Path.of("src/main/java/org/fixbench/cli");
        List<String> commands;
        try (Stream<Path> list = Files.list(sources)) {
            commands = list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("Command.java"))
                    .map(n -> n.substring(0, n.length() - ".java".length())).sorted().toList();
        }
        assertTrue(commands.size() > 10, "found " + commands);
        Pattern name = Pattern.compile("\\b(" + String.join("|", commands) + ")\\b");
        List<String> uses = new ArrayList<>();
        for (String command : commands) {
            List<String> lines = Files.readAllLines(sources.resolve(command + ".java"));
            for (int n = 0; n < lines.size(); n++) {
                Matcher m = name.matcher(STRING.matcher(lines.get(n)).replaceAll("\"\""));
                while (m.find()) {
                    if (!m.group(1).equals(command)) {
                        uses.add(command + ".java:" + (n + 1) + " uses " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), uses, "commands that use other commands");
    }

    /**
     * A report is framed before it is rendered ({@code ComparisonReport.Frame}: title, notes, added sections), never
     * edited as text after: no main source calls replace on a rendered report's text.
     */
    @Test
    void noReportIsEditedAsTextAfterItIsRendered() throws IOException {
        Pattern edit = Pattern.compile("\\b(report|markdown|md)\\.replace(First|All)?\\(");
        List<String> edits = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(Path.of("src/main/java/org/fixbench/cli"))) {
            for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int n = 0; n < lines.size(); n++) {
                    if (edit.matcher(lines.get(n)).find()) {
                        edits.add(file.getFileName() + ":" + (n + 1));
                    }
                }
            }
        }
        assertEquals(List.of(), edits, "reports edited as text after rendering");
    }

    /**
     * The engines are plug-ins: the command line uses the engines' interface (org.fixbench.engine) and the FIX library
     * (org.fixbench.fix), never an engine's own package (org.fixbench.engine.NAME), which it takes at runtime scope
     * only (cli/pom.xml), so that such an import does not compile either.
     */
    @Test
    void noEnginesInternalsAreUsed() throws IOException {
        Layers.Scan scan = Layers.scan(Path.of("src/main/java/org/fixbench/cli"), "org.fixbench.engine");
        assertTrue(scan.arrows().size() > 100, "read " + scan.arrows().size() + " uses of the engines' interface");
        assertEquals(List.of(), scan.arrows().stream().filter(a -> !a.to().equals("org.fixbench.engine"))
                .map(Layers.Arrow::toString).toList(), "an engine's internals used by the command line");
    }

    @Test
    void theForkedProcessesMainClassIsTheCommandLines() {
        assertEquals(FixbenchCli.class.getName(), ForkedRun.MAIN_CLASS, "named as a string below the commands");
    }
}
