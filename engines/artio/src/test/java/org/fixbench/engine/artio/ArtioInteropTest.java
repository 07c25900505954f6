package org.fixbench.engine.artio;

import org.fixbench.engine.Interop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Artio against QuickFIX/J, both ways: logon, a few hundred orders and reports, logout. */
class ArtioInteropTest {
    @TempDir
    java.nio.file.Path tmp;

    @Test
    void artioClientWithQuickFixJServer() {
        Interop.roundTrips("quickfixj:published", "artio:tuned", 300, tmp);
    }

    @Test
    void quickFixJClientWithArtioServer() {
        Interop.roundTrips("artio:tuned", "quickfixj:published", 300, tmp);
    }
}
