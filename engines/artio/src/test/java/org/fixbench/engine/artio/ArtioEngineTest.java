package org.fixbench.engine.artio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fixbench.engine.EngineContractTest;
import org.junit.jupiter.api.Test;

class ArtioEngineTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "artio:tuned";
    }

    /** ArtioEngine offers no in-memory round trip. */
    @Override
    protected boolean hasInMemoryRoundTrip() {
        return false;
    }

    @Test
    void clOrdIdDigitsRoundTrip() {
        byte[] bytes = new byte[20];
        int length = ArtioEngine.putDigits(1_234_567_890_123L, bytes, 0);
        char[] chars = new String(bytes, 0, length, java.nio.charset.StandardCharsets.US_ASCII).toCharArray();
        assertEquals(1_234_567_890_123L, ArtioEngine.parseDigits(chars, length));
        assertEquals(-1, ArtioEngine.parseDigits("12x".toCharArray(), 3));
    }
}
