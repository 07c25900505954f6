package org.fixbench.cluster;

import java.util.ArrayList;
import java.util.List;

/** A cluster's faults as one line that names the host: from the orchestrator's exceptions and a host's own words. */
final class ClusterFaults {
    private ClusterFaults() {
    }

    /** Why the cluster did not start, naming the host; {@code hostErrors}: what the hosts' shells wrote meanwhile. */
    static String describe(Throwable e, ClusterFile file, String hostErrors) {
        String host = null;
        List<String> hosts = new ArrayList<>(file.clients());
        hosts.add(0, file.server());
        for (Throwable t = e; t != null && host == null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            for (String h : hosts) {
                // the orchestrator names a host as itself or within a node's id (cluster/host/array/node)
                if (java.util.regex.Pattern.compile("(?<![\\w.])" + java.util.regex.Pattern.quote(h) + "(?!\\w)")
                        .matcher(m).find()) {
                    host = h;
                    break;
                }
            }
        }
        String where = "--cluster: " + (host == null ? "" : (host.equals(file.server()) ? "server host " : "client host ")
                + host + ": ");
        for (Throwable t = e; t != null; t = t.getCause()) {
            String type = t.getClass().getName();
            if (t instanceof java.net.ConnectException || t instanceof java.net.NoRouteToHostException
                    || t instanceof java.net.SocketTimeoutException) {
                return where + "its SSH server (port " + file.sshPort() + ") cannot be reached: " + t.getMessage();
            }
            if (t instanceof java.net.UnknownHostException) {
                return where + "unknown host: " + t.getMessage();
            }
            if (type.endsWith("UserAuthException")) {
                return where + "login as " + file.user() + " failed (" + (file.passwordFile() != null
                        ? "password of " + file.passwordFile() : "the default keys in ~/.ssh") + "): " + t.getMessage();
            }
        }
        String said = hostErrors.lines().filter(l -> l.contains("not found") || l.contains("No such file")
                || l.contains("cannot execute") || l.contains("Permission denied")).findFirst().orElse(null);
        if (said != null) {
            return where + "its node did not start (java=" + file.java() + "): " + said.trim();
        }
        return where + "the cluster did not start: " + rootMessage(e);
    }

    /** The exception's messages down its causes, each once, on one line. */
    static String rootMessage(Throwable e) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (t instanceof java.util.concurrent.ExecutionException && t.getCause() != null) {
                continue;
            }
            String line = m == null ? t.getClass().getSimpleName() : m.replace('\n', ' ').trim();
            if (parts.stream().noneMatch(p -> p.contains(line))) {
                parts.add(line);
            }
        }
        return String.join(": ", parts);
    }
}
