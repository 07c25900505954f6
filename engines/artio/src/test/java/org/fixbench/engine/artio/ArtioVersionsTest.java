package org.fixbench.engine.artio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ArtioVersionsTest {
    @Test
    void versionsAreReadFromTheJars() {
        Map<String, String> v = new ArtioEngine().versions();
        assertEquals("0.175", v.get("artio-core"));
        assertEquals("1.50.0", v.get("aeron"));
        assertEquals("2.4.0", v.get("agrona"));
    }
}
