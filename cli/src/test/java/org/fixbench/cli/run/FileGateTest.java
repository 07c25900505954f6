package org.fixbench.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client host's gate on a manual clock: while the other hosts are not there it says so every 10 s (a host's log
 * never ends in silence at a gate), and after its longest wait it starts without them, saying so; a go already given
 * passes at once and silently.
 */
class FileGateTest {
    @TempDir
    Path folder;

    private long nowNanos;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private FileGate gate(long waitNanos) {
        return new FileGate(folder, new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> nowNanos,
                pause -> nowNanos += 100_000_000L, waitNanos);
    }

    private List<String> lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void aHostLeftAloneSaysItWaitsEveryTenSecondsThenStartsWithoutTheOthers() throws Exception {
        gate(35_000_000_000L).runStarting("b", 1, 1, true);
        assertEquals(List.of(
                "[gate] waiting for the other client hosts before warmup: 10 s (at most 35 s)",
                "[gate] waiting for the other client hosts before warmup: 20 s (at most 35 s)",
                "[gate] waiting for the other client hosts before warmup: 30 s (at most 35 s)",
                "[gate] no go from the other client hosts within 35 s: warmup starts without them"), lines());
        try (var files = Files.list(folder)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(FileGate.READY)), "it said it was ready");
        }
    }

    @Test
    void aGoAlreadyGivenPassesAtOnceAndSilently() throws Exception {
        // the node writes <pid>-<n>.go once every host is ready; here it is there before the client looks
        Files.writeString(folder.resolve(ProcessHandle.current().pid() + "-1" + FileGate.GO), "run-1");
        gate(35_000_000_000L).runStarting("b", 1, 1, false);
        assertEquals(List.of(), lines());
        assertEquals(0, nowNanos, "no pause");
    }

    @Test
    void theLongestWaitIsTheOneTheNodeWroteInTheFolder() throws Exception {
        assertEquals(FileGate.WAIT_NANOS, FileGate.waitOf(folder), "none written: the default");
        Files.writeString(folder.resolve(FileGate.WAIT_FILE), "136000000000\n");
        assertEquals(136_000_000_000L, FileGate.waitOf(folder));
        Files.writeString(folder.resolve(FileGate.WAIT_FILE), "soon");
        assertEquals(FileGate.WAIT_NANOS, FileGate.waitOf(folder), "unreadable: the default");
    }
}
