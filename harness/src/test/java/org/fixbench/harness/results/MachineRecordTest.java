package org.fixbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.harness.machine.Environment;
import org.junit.jupiter.api.Test;

/** What {@link Environment#capture} records is read back typed, the same after a folder's JSON; older folders too. */
class MachineRecordTest {
    @Test
    @SuppressWarnings("unchecked")
    void whatCaptureRecordsIsReadBackTypedAfterItsJson() throws Exception {
        Map<String, Object> env = new LinkedHashMap<>(Environment.capture());
        env.put(Environment.NANO_TIME_COST_NANOS, 21.25);
        env.put(Environment.NANO_TIME_GRANULARITY_NANOS, 20L);
        ObjectMapper json = new ObjectMapper();
        Map<String, Object> read = json.readValue(json.writeValueAsString(env), Map.class);
        MachineRecord m = MachineRecord.of(read);
        assertEquals(env.get(Environment.KERNEL), m.kernel());
        assertEquals(env.get(Environment.CLOCKSOURCE), m.clocksource());
        assertEquals(env.get(Environment.CPUS), m.cpus());
        assertEquals(env.get(Environment.JVM_VERSION), m.jvmVersion());
        assertEquals(env.get(Environment.JVM_FLAGS), m.jvmFlags());
        assertEquals(env.get(Environment.GC), m.gc());
        assertEquals(env.get(Environment.GIT_COMMIT), m.gitCommit());
        assertEquals(Boolean.TRUE.equals(env.get(Environment.GIT_DIRTY)), m.dirty());
        assertEquals(((Map<?, ?>) env.get(Environment.CLASSPATH_JARS)).get("all"), m.jarsSha256());
        assertEquals(21.25, m.nanoTimeCostNanos());
        assertEquals(20L, m.nanoTimeGranularityNanos());
        Map<?, ?> cpu = (Map<?, ?>) env.get(Environment.CPU);
        if (!cpu.isEmpty()) {
            assertNotNull(m.cpu());
            assertEquals(cpu.get("modelName") + " (" + cpu.get("vendor") + " family " + cpu.get("family") + " model "
                    + cpu.get("model") + " stepping " + cpu.get("stepping") + ", microcode " + cpu.get("microcode")
                    + ")", m.cpuDescription());
        }
    }

    @Test
    void aFolderFromBeforeAKeyExistedReadsItAsNull() {
        MachineRecord m = MachineRecord.of(Map.of(Environment.CPU_MODEL, "AMD EPYC", Environment.CPU, Map.of(),
                Environment.GIT_DIRTY, "unknown"));
        assertNull(m.cpu());
        assertEquals("AMD EPYC", m.cpuDescription(), "no identity recorded: the model name alone");
        assertNull(m.kernel());
        assertNull(m.cpus());
        assertNull(m.jvmFlags());
        assertNull(m.nanoTimeCostNanos());
        assertFalse(m.dirty(), "a tree whose state git could not tell is not said to be dirty");
        assertEquals("null", String.valueOf(MachineRecord.of(Map.of()).cpuDescription()));
        assertTrue(MachineRecord.of(Map.of(Environment.JVM_FLAGS, List.of("-Xmx2g"))).jvmFlags().contains("-Xmx2g"));
    }
}
