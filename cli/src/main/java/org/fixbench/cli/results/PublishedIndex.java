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
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.results.ResultsReader;
import org.fixbench.harness.verdict.RunStatus;

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
        md.append("Made by `scripts/fixbench index` from the folders themselves and `" + SUPERSEDED + "` "
                + "(a test checks it is current: every folder has a row and every row a folder). Times and ratios "
                + "compare only between folders of one CPU model; figures from different CPU models differ by "
                + "the host, not only by the code. \"reference for\": what the folder is cited for (its README's "
                + "\"Reference for:\" paragraph, whole). \"CPU\": its model name, family and model, as summary.json records them. "
                + "\"runs\": OK / DISTURBED / SATURATED / FAILED over every run of "
                + "the folder (rules version 1 had no DISTURBED). \"size\": the folder's files in the tree.\n\n");
        md.append("| folder | date | reference for | what | command | commit | CPU | engines | rates (msgs/s) | runs "
                + "| rules | size |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Path f : folders) {
            md.append(row(f)).append('\n');
        }
        List<String[]> removed = superseded(root, folders);
        if (!removed.isEmpty()) {
            md.append("\n## Removed and superseded\n\nFolders taken out of the tree; each is in git history: "
                    + "`git checkout COMMIT -- results/published/FOLDER`.\n\n"
                    + "| folder | last commit holding it | superseded by | why |\n|---|---|---|---|\n");
            for (String[] r : removed) {
                md.append("| ").append(cell(r[0])).append(" | ").append(cell(r[1])).append(" | ")
                        .append(r[2].equals("-") ? "-" : "[" + r[2] + "](" + r[2] + "/)").append(" | ")
                        .append(cell(r[3])).append(" |\n");
            }
        }
        return md.toString();
    }

    /** The file, beside the folders, that lists the folders removed (tab-separated; # starts a comment). */
    public static final String SUPERSEDED = "SUPERSEDED.tsv";

    /**
     * The rows of {@link #SUPERSEDED}: folder, last commit holding it, the folder that supersedes it (or -), why.
     *
     * @throws IllegalArgumentException one line, for a row that names a folder still here, a successor that is not
     *                                  here, or a row without its four fields
     */
    static List<String[]> superseded(Path root, List<Path> folders) {
        Path file = root.resolve(SUPERSEDED);
        List<String[]> rows = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return rows;
        }
        List<String> names = folders.stream().map(f -> f.getFileName().toString()).toList();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
        int n = 0;
        for (String line : lines) {
            n++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 4) {
                throw new IllegalArgumentException(file + " line " + n + ": expected 4 tab-separated fields, found "
                        + f.length);
            }
            if (names.contains(f[0])) {
                throw new IllegalArgumentException(file + " line " + n + ": " + f[0] + " is still here");
            }
            if (!f[2].equals("-") && !names.contains(f[2])) {
                throw new IllegalArgumentException(file + " line " + n + ": its successor " + f[2] + " is not here");
            }
            rows.add(f);
        }
        return rows;
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
        TreeSet<String> commands = new TreeSet<>();
        for (Path r : resultFolders) {
            JsonNode env = read(r.resolve("environment.json"));
            ResultsReader.Summary summary = summary(r);
            if (env == null && summary != null) {
                env = JSON.valueToTree(summary.environment());
            }
            if (env != null && env.hasNonNull(ResultLabels.COMMAND)) {
                commands.add(env.get(ResultLabels.COMMAND).asText().replaceAll("\\s+--out\\s+\\S+", ""));
            }
            if (env != null && env.hasNonNull(Environment.GIT_COMMIT)) {
                String commit = env.get(Environment.GIT_COMMIT).asText();
                commits.add(commit.substring(0, Math.min(7, commit.length()))
                        + (env.path(Environment.GIT_DIRTY).asBoolean(false) ? " (dirty)" : ""));
            }
            if (env != null && env.hasNonNull(Environment.CPU_MODEL)) {
                cpus.add(cpuName(env));
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
        String name = folder.getFileName().toString();
        String date = name.matches("\\d{8}.*") ? name.substring(0, 4) + "-" + name.substring(4, 6) + "-"
                + name.substring(6, 8) : "-";
        return "| [" + name + "](" + name + "/) | " + date + " | " + cell(line(folder, "Reference for:")) + " | "
                + cell(what) + " | " + cell(commands.size() == 1 ? "`" + commands.first() + "`"
                : commands.isEmpty() ? "-" : commands.size() + " commands (see the folder)") + " | "
                + cell(String.join(", ", commits)) + " | " + cell(String.join(", ", cpus)) + " | "
                + cell(String.join(", ", engines)) + " | " + cell(String.join(", ", rates.stream()
                .map(r -> String.format(Locale.ROOT, "%,d", r)).toList())) + " | " + runs + " | "
                + cell(String.join(", ", rules.stream().map(String::valueOf).toList())) + " | "
                + String.format(Locale.ROOT, "%.1f MB", size(folder) / 1e6) + " |";
    }

    /** The bytes of every file below {@code folder}. */
    public static long size(Path folder) {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    /** A folder's summary, or null when it has none that reads. */
    private static ResultsReader.Summary summary(Path folder) {
        try {
            return ResultsReader.summary(folder);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The folder itself when it holds results, else its sub-folders that do, one level down, or two where a sub-folder
     * groups results of its own (a scenario's rounds at several commits).
     */
    static List<Path> resultFolders(Path folder) {
        return resultFolders(folder, 2);
    }

    private static List<Path> resultFolders(Path folder, int levels) {
        if (isResults(folder)) {
            return List.of(folder);
        }
        List<Path> found = new ArrayList<>();
        if (levels == 0) {
            return found;
        }
        List<Path> subs;
        try (Stream<Path> s = Files.list(folder)) {
            subs = s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            return found; // an unreadable folder has no results to index
        }
        for (Path sub : subs) {
            found.addAll(resultFolders(sub, levels - 1));
        }
        return found;
    }

    private static boolean isResults(Path folder) {
        return ResultsReader.summaryFile(folder) != null || Files.isRegularFile(folder.resolve(
                "environment.json"));
    }

    /**
     * The CPU as summary.json records it: its model name with its family and model ("AMD EPYC (family 23 model 1)"),
     * for two hosts that share a marketing name are not the same CPU; the name alone where no family was recorded.
     */
    static String cpuName(JsonNode env) {
        String name = env.get(Environment.CPU_MODEL).asText();
        JsonNode cpu = env.path("cpu");
        if (cpu.hasNonNull("family") && cpu.hasNonNull("model")) {
            return name + " (family " + cpu.get("family").asText() + " model " + cpu.get("model").asText() + ")";
        }
        return name;
    }

    /**
     * The paragraph of the folder's README (or analysis) that starts with {@code prefix}, without it, its lines
     * joined: from that line to the next blank line or heading; "-" when there is none.
     */
    static String line(Path folder, String prefix) {
        for (String name : new String[] {"README.md", "analysis.md"}) {
            Path file = folder.resolve(name);
            if (Files.isRegularFile(file)) {
                try {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        if (!lines.get(i).startsWith(prefix)) {
                            continue;
                        }
                        StringBuilder paragraph = new StringBuilder(lines.get(i).substring(prefix.length()).trim());
                        for (int j = i + 1; j < lines.size() && !lines.get(j).isBlank()
                                && !lines.get(j).startsWith("#"); j++) {
                            paragraph.append(' ').append(lines.get(j).trim());
                        }
                        return fromRoot(paragraph.toString(), folder.getFileName().toString());
                    }
                    return "-";
                } catch (IOException | java.io.UncheckedIOException e) {
                    return "-";
                }
            }
        }
        return "-";
    }

    private static final java.util.regex.Pattern LINK = java.util.regex.Pattern.compile("(\\]\\()([^)\\s]+)\\)");

    /**
     * {@code text}, from a folder's README, with its relative link targets made relative to the index beside the
     * folder ("../other/" in folder F is "F/../other/", normalized to "other/").
     */
    static String fromRoot(String text, String folder) {
        java.util.regex.Matcher m = LINK.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String target = m.group(2);
            if (!target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") && !target.startsWith("#")) {
                String normalized = Path.of(folder).resolve(target).normalize().toString().replace('\\', '/');
                target = normalized.isEmpty() ? "./" : normalized + (target.endsWith("/") ? "/" : "");
            }
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(m.group(1) + target + ")"));
        }
        m.appendTail(out);
        return out.toString();
    }

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
