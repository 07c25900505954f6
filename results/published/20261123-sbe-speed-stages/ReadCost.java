import java.net.*; import java.nio.*; import java.nio.channels.*;
public class ReadCost {
  public static void main(String[] a) throws Exception {
    ServerSocketChannel ss = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
    SocketChannel c = SocketChannel.open(ss.getLocalAddress()); SocketChannel s = ss.accept();
    s.configureBlocking(false); c.setOption(StandardSocketOptions.TCP_NODELAY, true);
    ByteBuffer heap = ByteBuffer.allocate(1 << 20), direct = ByteBuffer.allocateDirect(1 << 20);
    ByteBuffer msg = ByteBuffer.allocateDirect(190);
    for (int round = 0; round < 6; round++) {
      for (ByteBuffer b : new ByteBuffer[]{heap, direct}) {
        long t0 = System.nanoTime(); int n = 0;
        for (int i = 0; i < 200_000; i++) { b.clear(); n += s.read(b); }
        long t1 = System.nanoTime();
        long sum = 0;
        for (int i = 0; i < 50_000; i++) { msg.clear(); c.write(msg); b.clear(); int r; while ((r = s.read(b)) == 0) {} sum += r; }
        long t2 = System.nanoTime();
        System.out.printf("%s: empty read %.0f ns; write+read of 190 bytes %.0f ns%n", b.isDirect() ? "direct" : "heap  ", (t1 - t0) / 2e5, (t2 - t1) / 5e4);
      }
    }
  }
}
