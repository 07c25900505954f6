package org.fixbench.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.fixbench.cli.results.ScenarioKeys;

/**
 * A forked server that a scenario's client kills on purpose (server-restart), started again at once on the same port
 * by the process that forked it: the client leaves its kill mark ({@link #KILL_MARK}) before the kill, so a
 * server that dies of itself is not started again; the new server's pid goes into {@link #RESTARTED_PID},
 * and how long it took from the death to listening into the result's labels.
 */
public final class KilledServer {
    /** The file a client writes before it kills the server: the orchestrator restarts a server only after it. */
    public static final String KILL_MARK = "server-killed";
    /** The file the orchestrator writes the restarted server's pid into, in the same folder. */
    public static final String RESTARTED_PID = "server-restarted-pid";

    private KilledServer() {
    }

    /**
     * Once {@code server} has died after the client left its kill mark ({@link #KILL_MARK}), starts the
     * same server again at once on {@code port}, its output appended to the same log, and records how long it took from
     * the death to listening ({@code ServerRestartTable.SERVER_LISTENING_AFTER_DEATH_NANOS}) in {@code labels}.
     */
    static void restartAfterKill(List<String> serve, Process server, Path work, int port,
                                 AtomicReference<Process> restarted, List<Process> children,
                                 Map<String, Object> labels, PrintStream out) {
        List<String> again = new ArrayList<>(serve);
        int at = again.indexOf("--port");
        again.set(at + 1, Integer.toString(port));
        int file = again.indexOf("--port-file");
        Path portAgain = work.resolve("port-restarted");
        again.set(file + 1, portAgain.toString());
        server.onExit().thenRun(() -> {
            long died = System.nanoTime();
            if (!Files.exists(work.resolve(KILL_MARK))) {
                return; // it died of itself: the run ends as any other whose server exits
            }
            try {
                Process p = new ProcessBuilder(again).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(work.resolve("server.log").toFile()))
                        .start();
                restarted.set(p);
                children.add(p);
                Path pid = work.resolve(RESTARTED_PID);
                Files.writeString(work.resolve(RESTARTED_PID + ".tmp"), Long.toString(p.pid()));
                Files.move(work.resolve(RESTARTED_PID + ".tmp"), pid,
                        StandardCopyOption.ATOMIC_MOVE);
                out.println("[fork] the server was killed; started again, pid " + p.pid());
                long deadline = died + 60_000_000_000L;
                while (p.isAlive() && System.nanoTime() < deadline) {
                    if (Files.exists(portAgain) && !Files.readString(portAgain).isBlank()) {
                        labels.put(ScenarioKeys.SERVER_LISTENING_AFTER_DEATH_NANOS,
                                System.nanoTime() - died);
                        return;
                    }
                    Thread.sleep(1);
                }
                out.println("[fork] the restarted server did not listen: "
                        + ForkedRun.tail(work.resolve("server.log")));
            } catch (IOException | RuntimeException e) {
                out.println("[fork] the server could not be started again: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
