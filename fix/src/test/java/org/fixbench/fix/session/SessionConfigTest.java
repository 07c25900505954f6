package org.fixbench.fix.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.fixbench.engine.FixConfigs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Profiles: the shipped ones read as documented; a wrong value stops with one line naming the key and the value. */
class SessionConfigTest {
    @TempDir
    Path tmp;

    private static Properties read(String profile) throws Exception {
        Properties p = new Properties();
        try (var in = Files.newInputStream(FixConfigs.profileFile("sbe", profile))) {
            p.load(in);
        }
        return p;
    }

    private static String error(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return assertThrows(IllegalArgumentException.class, () -> SessionConfig.of(p, "A", "B", true)).getMessage();
    }

    @Test
    void theShippedProfilesReadAsDocumented() throws Exception {
        SessionConfig published = SessionConfig.of(read("published"), "A", "B", true);
        assertTrue(published.validate());
        assertEquals("spin", published.idle());
        SessionConfig tuned = SessionConfig.of(read("tuned"), "A", "B", true);
        assertFalse(tuned.validate());
        assertEquals("spin", tuned.idle());
        SessionConfig yield = SessionConfig.of(read("yield"), "A", "B", true);
        assertTrue(yield.validate());
        assertEquals("yield", yield.idle());
        assertEquals(128 << 20, yield.storeBytes());
    }

    @Test
    void wrongValuesAreNamed() throws Exception {
        assertEquals("sbe profile: idle must be spin or yield or backoff (was 'fast')", error("idle", "fast"));
        assertEquals("sbe profile: validation must be dictionary or session (was 'none')", error("validation", "none"));
        assertEquals("sbe profile: heartBtInt must be a positive integer (was '0')", error("heartBtInt", "0"));
        assertEquals("sbe profile: maxMessageBytes must be a positive integer (was 'big')", error("maxMessageBytes", "big"));
        assertTrue(error("dictionary", tmp.resolve("missing.xml").toString()).startsWith("cannot read the data dictionary"));
        Path notADictionary = Files.writeString(tmp.resolve("other.xml"), "<quickfix/>");
        assertTrue(error("dictionary", notADictionary.toString()).contains("not a FIX dictionary"));
        Path broken = Files.writeString(tmp.resolve("broken.xml"), "<fix major=\"4\"");
        assertTrue(error("dictionary", broken.toString()).contains("is not valid"));
        assertEquals("sbe profile: resetOnDisconnect must be Y or N (was 'maybe')", error("resetOnDisconnect", "maybe"));
        assertEquals("sbe profile: minHeartBtInt must be a whole number of 0 or more, not '-1'",
                error("minHeartBtInt", "-1"));
        assertEquals("sbe profile: maxConnections must be a positive integer (was '0')", error("maxConnections", "0"));
        assertEquals("sbe profile: rememberedClOrdIdBytes must be a positive integer (was '-1')",
                error("rememberedClOrdIdBytes", "-1"));
        Properties p = new Properties();
        p.setProperty("minHeartBtInt", "60");
        p.setProperty("maxHeartBtInt", "30");
        assertEquals("sbe profile: minHeartBtInt 60 is above maxHeartBtInt 30",
                assertThrows(IllegalArgumentException.class, () -> SessionConfig.of(p, "A", "B", true)).getMessage());
    }

    @Test
    void theConformanceProfileIsAQuickFixJAcceptorsSettings() throws Exception {
        SessionConfig c = SessionConfig.of(read("conformance"), "ISLD", "TW", true);
        assertTrue(c.validate() && c.resetOnDisconnect() && !c.resetOnLogon());
        assertEquals(0, c.minHeartBtIntSeconds());
        assertEquals(Integer.MAX_VALUE, c.maxHeartBtIntSeconds());
    }
}
