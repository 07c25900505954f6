package org.fixbench.harness.machine;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's online CPUs, and its host name. Not {@link Runtime#availableProcessors()}: that follows the calling thread's
 * affinity, so once a thread is pinned it answers 1.
 */
public final class Machine {
    private static final int CPUS = readOnlineCpus();

    private Machine() {
    }

    public static int cpus() {
        return CPUS;
    }

    static int readOnlineCpus() {
        try {
            int count = countRanges(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim());
            if (count > 0) {
                return count;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: fall back below
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /** Counts CPUs in a kernel CPU list such as {@code 0-3,6,8-9}. */
    static int countRanges(String list) {
        int count = 0;
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            count += dash < 0 ? 1 : Integer.parseInt(p.substring(dash + 1)) - Integer.parseInt(p.substring(0, dash)) + 1;
        }
        return count;
    }

    /** This host's name as results carry it: $HOSTNAME, else the resolver's, in file-safe characters. */
    public static String hostName() {
        String host = System.getenv("HOSTNAME");
        if (host == null || host.isBlank()) {
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "localhost";
            }
        }
        return host.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
