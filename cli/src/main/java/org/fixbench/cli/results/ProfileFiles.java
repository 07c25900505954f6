package org.fixbench.cli.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The profiles in a results folder: async-profiler flame graphs (HTML) with their collapsed stacks beside them. */
public final class ProfileFiles {
    private ProfileFiles() {
    }

    /** The role a profile's file name says it is of: client, server or client_server (one JVM). */
    public static String role(String fileName) {
        return fileName.contains("-client_server-") ? "client_server" : fileName.contains("-server-") ? "server"
                : "client";
    }

    /** The collapsed-stacks text written beside an async-profiler flame graph. */
    public static Path collapsed(Path html) {
        String name = html.getFileName().toString();
        return html.resolveSibling(name.substring(0, name.length() - ".html".length()) + ".collapsed");
    }

    /**
     * The frames where most samples of {@code collapsed} files ended (self time), the top {@code n} with their share
     * of all samples: "frame 41.2%". Empty when there are none.
     */
    public static List<String> hottest(List<Path> collapsed, int n) {
        java.util.Map<String, Long> self = new java.util.HashMap<>();
        long total = 0;
        for (Path f : collapsed) {
            try {
                for (String line : Files.readAllLines(f)) {
                    int space = line.lastIndexOf(' ');
                    if (space < 0) {
                        continue;
                    }
                    long count = Long.parseLong(line.substring(space + 1).trim());
                    String stack = line.substring(0, space);
                    String leaf = stack.substring(stack.lastIndexOf(';') + 1);
                    self.merge(leaf, count, Long::sum);
                    total += count;
                }
            } catch (IOException | NumberFormatException e) {
                // a profile that cannot be read adds nothing
            }
        }
        long all = total;
        return all == 0 ? List.of() : self.entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).limit(n)
                .map(e -> String.format(Locale.ROOT, "%s %.1f%%", e.getKey(), 100.0 * e.getValue() / all)).toList();
    }

}
