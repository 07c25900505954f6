package org.fixbench.engine.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Properties;

import org.fixbench.engine.EngineContractTest;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.Workload;
import org.junit.jupiter.api.Test;

class TcpEngineTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "tcp:yield";
    }

    @Test
    void framesHaveTheWorkloadsByteCounts() {
        assertEquals(Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.EPOCH).length,
                Frames.orderFrame().remaining());
        assertEquals(Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2, Instant.EPOCH).length,
                Frames.reportFrame().remaining());
        assertTrue(TcpEngine.ORDER_BYTES > 150, "a realistic NewOrderSingle: " + TcpEngine.ORDER_BYTES);
    }

    @Test
    void allThreeModesAreProfiles() {
        assertEquals("spin", EngineSpec.parse("tcp").profile());
        EngineSpec.parse("tcp:blocking");
        EngineSpec.parse("tcp:yield");
    }

    @Test
    void aBadModeIsRejectedWithOneLine() {
        Properties p = new Properties();
        p.setProperty("mode", "turbo");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TcpEngine.Mode.of(p));
        assertEquals("tcp profile: mode must be spin, yield or blocking (was 'turbo')", e.getMessage());
    }
}
