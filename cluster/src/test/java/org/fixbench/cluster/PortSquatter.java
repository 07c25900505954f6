package org.fixbench.cluster;

import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;

/** Something else listening on a host's port, for a test's "port in use": binds ADDRESS PORT, says so, waits. */
public final class PortSquatter {
    private PortSquatter() {
    }

    public static void main(String[] args) throws Exception {
        try (ServerSocketChannel s = ServerSocketChannel.open()) {
            s.bind(new InetSocketAddress(args[0], Integer.parseInt(args[1])));
            System.out.println("bound");
            Thread.sleep(300_000);
        }
    }
}
