package org.fixbench.engine.quickfixj;

import org.fixbench.engine.EngineContractTest;

class QuickFixJTunedTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "quickfixj:tuned";
    }
}
