package org.fixbench.engine.philadelphia;

import org.fixbench.engine.EngineContractTest;

class PhiladelphiaEngineTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "philadelphia:yield";
    }
}
