package org.fixbench.cli.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.harness.ResultsReader;
import org.fixbench.harness.RunStatus;

/**
 * The index of a folder of published results, made from the folders themselves: a row per folder with its date,
 * the commit and CPU it ran on, what ran, the engines and rates, the runs' statuses and the rules that judged them,
 * and what the folder says of itself (its README's title). Folders that hold result folders (rounds, sessions) are
 * summed over them; JMH folders say so.
 */
public final class PublishedIndex {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PublishedIndex() {
    }

    /** The index's Markdown. @throws IllegalArgumentException one line, when {@code root} is not a folder */
    public static String markdown(Path root) {
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("not a folder: " + root);
        }
        List<Path> folders;
        try (Stream<Path> s = Files.list(root)) {
            folders = s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + root + ": " + e.getMessage());
        }
        StringBuilder md = new StringBuilder("# Published results\n\n");
        md.append("Made by `scripts/fixbench index` from the folders themselves "
                + "(a test checks it is current: every folder has a row and every row a folder). Times and ratios "
                + "compare only between folders of one CPU model; figures from different CPU models differ by "
                + "the host, not only by the code. \"runs\": OK / DISTURBED / SATURATED / FAILED over every run of "
                + "the folder (rules version 1 had no DISTURBED).\n\n");
        md.append("| folder | what | commit | CPU | engines | rates (msgs/s) | runs | rules |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        for (Path f : folders) {
            md.append(row(f)).append('\n');
        }
        return md.toString();
    }

    private static String row(Path folder) {
        List<Path> resultFolders = resultFolders(folder);
        Map<String, Object> facts = new LinkedHashMap<>();
        TreeSet<String> engines = new TreeSet<>();
        TreeSet<Long> rates = new TreeSet<>();
        Map<RunStatus, Integer> statuses = new TreeMap<>();
        TreeSet<String> commits = new TreeSet<>();
        TreeSet<String> cpus = new TreeSet<>();
        TreeSet<Integer> rules = new TreeSet<>();
        for (Path r : resultFolders) {
            JsonNode env = read(r.resolve("environment.json"));
            ResultsReader.Summary summary = summary(r);
            if (env == null && summary != null) {
                env = JSON.valueToTree(summary.environment());
            }
            if (env != null && env.hasNonNull("gitCommit")) {
                commits.add(env.get("gitCommit").asText().substring(0, Math.min(7, env.get("gitCommit").asText()
                        .length())) + (env.path("gitDirty").asBoolean(false) ? " (dirty)" : ""));
            }
            if (env != null && env.hasNonNull("cpuModel")) {
                cpus.add(env.get("cpuModel").asText());
            }
            if (summary != null) {
                rules.add(summary.rulesVersion());
                for (SummaryFile.Result result : SummaryFile.load(r)) {
                    engines.add(result.label());
                    rates.add(result.targetRate());
                    for (SummaryFile.Run run : result.runs()) {
                        statuses.merge(run.status(), 1, Integer::sum);
                    }
                }
            }
        }
        String what = title(folder);
        if (resultFolders.isEmpty() && (Files.exists(folder.resolve("jmh.json")) || Files.exists(
                folder.resolve("codecs.json")))) {
            what = what.isEmpty() ? "JMH" : what + " (JMH)";
        } else if (resultFolders.size() > 1) {
            what = (what.isEmpty() ? "" : what + "; ") + resultFolders.size() + " result folders";
        }
        String runs = statuses.isEmpty() ? "-" : String.format(Locale.ROOT, "%d / %d / %d / %d",
                statuses.getOrDefault(RunStatus.OK, 0), statuses.getOrDefault(RunStatus.DISTURBED, 0),
                statuses.getOrDefault(RunStatus.SATURATED, 0), statuses.getOrDefault(RunStatus.FAILED, 0));
        return "| [" + folder.getFileName() + "](" + folder.getFileName() + "/) | " + cell(what) + " | "
                + cell(String.join(", ", commits)) + " | " + cell(String.join(", ", cpus)) + " | "
                + cell(String.join(", ", engines)) + " | " + cell(String.join(", ", rates.stream()
                .map(r -> String.format(Locale.ROOT, "%,d", r)).toList())) + " | " + runs + " | "
                + cell(String.join(", ", rules.stream().map(String::valueOf).toList())) + " |";
    }

    /** A folder's summary, or null when it has none that reads. */
    private static ResultsReader.Summary summary(Path folder) {
        try {
            return ResultsReader.summary(folder);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The folder itself when it holds results, else its sub-folders that do (one level down). */
    static List<Path> resultFolders(Path folder) {
        if (isResults(folder)) {
            return List.of(folder);
        }
        List<Path> found = new ArrayList<>();
        try (Stream<Path> s = Files.list(folder)) {
            s.filter(Files::isDirectory).sorted().filter(PublishedIndex::isResults).forEach(found::add);
        } catch (IOException e) {
            // an unreadable folder has no results to index
        }
        return found;
    }

    private static boolean isResults(Path folder) {
        return Files.isRegularFile(folder.resolve("summary.json")) || Files.isRegularFile(folder.resolve(
                "environment.json"));
    }

    /** The first heading of the folder's README.md (or of its analysis.md), without the #. */
    private static String title(Path folder) {
        for (String name : new String[] {"README.md", "analysis.md"}) {
            Path file = folder.resolve(name);
            if (Files.isRegularFile(file)) {
                try (Stream<String> lines = Files.lines(file)) {
                    return lines.filter(l -> l.startsWith("# ")).findFirst().map(l -> l.substring(2).trim())
                            .orElse("");
                } catch (IOException | java.io.UncheckedIOException e) {
                    return "";
                }
            }
        }
        return "";
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            return null;
        }
    }

    private static String cell(String text) {
        return text.isEmpty() ? "-" : text.replace("|", "\\|");
    }
}
