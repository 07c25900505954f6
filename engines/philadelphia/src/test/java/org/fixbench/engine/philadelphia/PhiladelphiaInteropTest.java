package org.fixbench.engine.philadelphia;

import org.fixbench.engine.Interop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Philadelphia against QuickFIX/J, both ways: logon, a few hundred orders and reports, logout. */
class PhiladelphiaInteropTest {
    @TempDir
    java.nio.file.Path tmp;

    @Test
    void philadelphiaClientWithQuickFixJServer() {
        Interop.roundTrips("quickfixj:published", "philadelphia:yield", 300, tmp);
    }

    @Test
    void quickFixJClientWithPhiladelphiaServer() {
        Interop.roundTrips("philadelphia:yield", "quickfixj:published", 300, tmp);
    }
}
