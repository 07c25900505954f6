package org.fixbench.engine.sbe;

import org.fixbench.engine.EngineContractTest;

class SbeEngineTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "sbe:yield";
    }

    @Override
    protected long inMemoryBytesPerRoundTrip() {
        return 0;
    }
}
