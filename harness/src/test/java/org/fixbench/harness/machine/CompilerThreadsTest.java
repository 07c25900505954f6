package org.fixbench.harness.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A compiler thread's busy time is its time on a CPU plus its time waiting for one (schedstat's first two fields). */
class CompilerThreadsTest {
    private static long sum(String schedstat) {
        byte[] bytes = schedstat.getBytes(StandardCharsets.US_ASCII);
        return CompilerThreads.sumOfFirstTwo(bytes, bytes.length);
    }

    @Test
    void runTimeAndWaitTimeAreAdded() {
        assertEquals(1_234_567L + 89_000L, sum("1234567 89000 42\n"));
        assertEquals(0, sum("0 0 0\n"));
    }

    @Test
    void aFileWithFewerThanTwoNumbersIsUnreadable() {
        assertEquals(-1, sum("1234567"));
        assertEquals(-1, sum(""));
        assertEquals(-1, sum("x 1 2"));
    }

    @Test
    void thisJvmsCompilersAreFoundAndRead() {
        CompilerThreads threads = CompilerThreads.of(List.of(ProcessHandle.current().pid()));
        if (CpuWaitWatch.supported()) {
            assertTrue(threads.busyNanos() > 0, "a JVM that ran tests has compiled: " + threads.busyNanos());
        }
    }
}
