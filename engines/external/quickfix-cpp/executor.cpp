// fixbench's QuickFIX C++ executor: a FIX acceptor on QuickFIX C++ (Debian's libquickfix-dev 1.15.1) that answers
// each NewOrderSingle with one ExecutionReport (ExecType and OrdStatus New) echoing its ClOrdID, as every fixbench
// server does. FIX.4.2, FIX.4.4 and FIXT.1.1 (FIX.5.0SP2) sessions.
//
//   quickfix-executor [--tls CERTIFICATE KEY PROTOCOL] [--store memory|file DIR] SETTINGS PORT SENDER TARGET
//                     BEGINSTRING [lifecycle [SESSIONS]]
//
// SETTINGS is a QuickFIX settings file of [DEFAULT] keys (fix-configs/external/quickfix-cpp/); the port, the CompIDs
// and the BeginString are the engine file's, set here. It prints its version with --version, and stops on SIGTERM
// or SIGINT.
//
// With --tls, the sessions are TLS through QuickFIX C++'s own SSLSocketAcceptor (OpenSSL): CERTIFICATE and KEY are
// PEM files (ServerCertificateFile, ServerCertificateKeyFile); PROTOCOL is TLSv1.3 or TLSv1.2. QuickFIX C++ 1.15
// names no protocol above TLSv1_2 and cannot turn TLS 1.3 off: SSLProtocol allows TLSv1_2 alone, so OpenSSL offers
// TLS 1.2 and 1.3, and the client, which allows PROTOCOL alone, chooses. The same single-threaded socket loop as
// the plain SocketAcceptor.
//
// With --store, where its sessions keep their sequence numbers and sent messages: memory (MemoryStore, as without
// --store) or file (FileStore in DIR: written and flushed to the kernel message by message, not synced; QuickFIX C++
// 1.15 has no store that syncs, so "synced" is refused). At each logout it prints the store's files and their sizes.
//
// With "lifecycle" (FIX.4.4), orders rest, as on a venue's book without a market: each NewOrderSingle is acknowledged
// and kept by its session and ClOrdID; an OrderCancelReplaceRequest of a resting order is answered Replaced
// (150=5) and the order is known by the replace's ClOrdID from then on; an OrderCancelRequest is answered Canceled
// (150=4) and the order forgotten; either of an order not resting gets an OrderCancelReject (CxlRejReason 1, unknown
// order). SESSIONS: TARGET holds {n}, and a session is made for each of TARGET's numbers 1 ... SESSIONS.
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <unistd.h>
#include <unordered_map>

#include <sys/stat.h>
#include <dirent.h>

#include "quickfix/Application.h"
#include "quickfix/FileStore.h"
#include "quickfix/MessageCracker.h"
#include "quickfix/MessageStore.h"
#include "quickfix/Session.h"
#include "quickfix/SessionSettings.h"
#include "quickfix/SocketAcceptor.h"
#include "quickfix/SSLSocketAcceptor.h"
#include "quickfix/fix42/ExecutionReport.h"
#include "quickfix/fix42/NewOrderSingle.h"
#include "quickfix/fix44/ExecutionReport.h"
#include "quickfix/fix44/NewOrderSingle.h"
#include "quickfix/fix44/OrderCancelReject.h"
#include "quickfix/fix44/OrderCancelReplaceRequest.h"
#include "quickfix/fix44/OrderCancelRequest.h"
#include "quickfix/fix50sp2/ExecutionReport.h"
#include "quickfix/fix50sp2/NewOrderSingle.h"

namespace {

volatile std::sig_atomic_t stopping = 0;

void onSignal(int) { stopping = 1; }

// The store's files and their sizes, one line: what a session kept on disk, seen at its logout (before
// ResetOnDisconnect empties it).
void printStore(const std::string& dir) {
  std::cout << "store at logout:";
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) {
    std::cout << " no folder " << dir << std::endl;
    return;
  }
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    struct stat st;
    if (name != "." && name != ".." && stat((dir + "/" + name).c_str(), &st) == 0) {
      std::cout << " " << name << " " << st.st_size << " bytes;";
    }
  }
  closedir(d);
  std::cout << std::endl;
}

class Executor : public FIX::Application, public FIX::MessageCracker {
 public:
  Executor(bool lifecycle, std::string storeDir) : lifecycle(lifecycle), storeDir(std::move(storeDir)) {}

  void onCreate(const FIX::SessionID&) override {}
  void onLogon(const FIX::SessionID& id) override { std::cout << "logon " << id << std::endl; }
  void onLogout(const FIX::SessionID& id) override {
    std::cout << "logout " << id << std::endl;
    if (!storeDir.empty()) {
      printStore(storeDir);
    }
  }
  void toAdmin(FIX::Message&, const FIX::SessionID&) override {}
  void toApp(FIX::Message&, const FIX::SessionID&) throw(FIX::DoNotSend) override {}
  void fromAdmin(const FIX::Message&, const FIX::SessionID&)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue, FIX::RejectLogon) override {}
  void fromApp(const FIX::Message& message, const FIX::SessionID& id)
      throw(FIX::FieldNotFound, FIX::IncorrectDataFormat, FIX::IncorrectTagValue,
            FIX::UnsupportedMessageType) override {
    crack(message, id);
  }

  void onMessage(const FIX42::NewOrderSingle& order, const FIX::SessionID& id) override {
    FIX::ClOrdID clOrdId;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    order.get(clOrdId);
    order.get(symbol);
    order.get(side);
    order.get(qty);
    FIX42::ExecutionReport report(FIX::OrderID(next("ORD-")), FIX::ExecID(next("EXE-")),
                                  FIX::ExecTransType(FIX::ExecTransType_NEW), FIX::ExecType(FIX::ExecType_NEW),
                                  FIX::OrdStatus(FIX::OrdStatus_NEW), symbol, side, FIX::LeavesQty(qty),
                                  FIX::CumQty(0), FIX::AvgPx(0));
    report.set(clOrdId);
    report.set(qty);
    send(report, id);
  }

  void onMessage(const FIX44::NewOrderSingle& order, const FIX::SessionID& id) override {
    FIX::ClOrdID clOrdId;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    order.get(clOrdId);
    order.get(symbol);
    order.get(side);
    order.get(qty);
    FIX44::ExecutionReport report(FIX::OrderID(next("ORD-")), FIX::ExecID(next("EXE-")),
                                  FIX::ExecType(FIX::ExecType_NEW), FIX::OrdStatus(FIX::OrdStatus_NEW), side,
                                  FIX::LeavesQty(qty), FIX::CumQty(0), FIX::AvgPx(0));
    report.set(clOrdId);
    report.set(symbol);
    report.set(qty);
    if (lifecycle) {
      resting[key(id, clOrdId)] = report.getField(FIX::FIELD::OrderID);
    }
    send(report, id);
  }

  void onMessage(const FIX44::OrderCancelReplaceRequest& replace, const FIX::SessionID& id) override {
    answer(replace, id, false);
  }

  void onMessage(const FIX44::OrderCancelRequest& cancel, const FIX::SessionID& id) override {
    answer(cancel, id, true);
  }

  void onMessage(const FIX50SP2::NewOrderSingle& order, const FIX::SessionID& id) override {
    FIX::ClOrdID clOrdId;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    order.get(clOrdId);
    order.get(symbol);
    order.get(side);
    order.get(qty);
    FIX50SP2::ExecutionReport report(FIX::OrderID(next("ORD-")), FIX::ExecID(next("EXE-")),
                                     FIX::ExecType(FIX::ExecType_NEW), FIX::OrdStatus(FIX::OrdStatus_NEW), side,
                                     FIX::LeavesQty(qty), FIX::CumQty(0));
    report.set(clOrdId);
    report.set(symbol);
    report.set(qty);
    send(report, id);
  }

 private:
  unsigned long counter = 0;
  const bool lifecycle;
  const std::string storeDir;
  // lifecycle: the resting orders' OrderIDs, by session and the ClOrdID each is known by now
  std::unordered_map<std::string, std::string> resting;

  static std::string key(const FIX::SessionID& id, const FIX::ClOrdID& clOrdId) {
    return id.toString() + "|" + clOrdId.getValue();
  }

  // A cancel or replace of a resting order answered (Canceled or Replaced), else an OrderCancelReject.
  void answer(const FIX::Message& request, const FIX::SessionID& id, bool cancel) {
    FIX::ClOrdID clOrdId;
    FIX::OrigClOrdID orig;
    FIX::Symbol symbol;
    FIX::Side side;
    FIX::OrderQty qty;
    request.getField(clOrdId);
    request.getField(orig);
    request.getField(symbol);
    request.getField(side);
    request.getField(qty);
    auto order = lifecycle ? resting.find(key(id, FIX::ClOrdID(orig.getValue()))) : resting.end();
    if (order == resting.end()) {
      FIX44::OrderCancelReject reject(FIX::OrderID("NONE"), clOrdId, orig, FIX::OrdStatus(FIX::OrdStatus_REJECTED),
                                      FIX::CxlRejResponseTo(cancel ? FIX::CxlRejResponseTo_ORDER_CANCEL_REQUEST
                                                                   : FIX::CxlRejResponseTo_ORDER_CANCEL_REPLACE_REQUEST));
      reject.set(FIX::CxlRejReason(FIX::CxlRejReason_UNKNOWN_ORDER));
      reject.set(FIX::Text(lifecycle ? "unknown order " + orig.getValue() : "orders do not rest (no lifecycle)"));
      send(reject, id);
      return;
    }
    std::string orderId = order->second;
    resting.erase(order);
    FIX44::ExecutionReport report(FIX::OrderID(orderId), FIX::ExecID(next("EXE-")),
                                  FIX::ExecType(cancel ? FIX::ExecType_CANCELED : FIX::ExecType_REPLACED),
                                  FIX::OrdStatus(cancel ? FIX::OrdStatus_CANCELED : FIX::OrdStatus_NEW), side,
                                  FIX::LeavesQty(cancel ? 0 : qty.getValue()), FIX::CumQty(0), FIX::AvgPx(0));
    report.set(clOrdId);
    report.set(orig);
    report.set(symbol);
    report.set(qty);
    if (!cancel) {
      resting[key(id, clOrdId)] = orderId;
    }
    send(report, id);
  }

  std::string next(const char* prefix) { return prefix + std::to_string(++counter); }

  static void send(FIX::Message& report, const FIX::SessionID& id) {
    try {
      FIX::Session::sendToTarget(report, id);
    } catch (FIX::SessionNotFound&) {
      std::cerr << "no session " << id << std::endl;
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--version") {
    std::cout << "QuickFIX C++ " << (QUICKFIX_VERSION_STRING) << " (fixbench executor)" << std::endl;
    return 0;
  }
  std::string certificate, key, protocol;
  if (argc >= 5 && std::string(argv[1]) == "--tls") {
    certificate = argv[2];
    key = argv[3];
    protocol = argv[4];
    if (protocol != "TLSv1.3" && protocol != "TLSv1.2") {
      std::cerr << "quickfix-executor: --tls PROTOCOL must be TLSv1.3 or TLSv1.2 (was " << protocol << ")"
                << std::endl;
      return 2;
    }
    argv[4] = argv[0];
    argv += 4;
    argc -= 4;
  }
  std::string store = "memory", storeDir;
  if (argc >= 4 && std::string(argv[1]) == "--store") {
    store = argv[2];
    storeDir = argv[3];
    if (store == "synced") {
      std::cerr << "quickfix-executor: --store synced is not offered: QuickFIX C++ 1.15's FileStore flushes each "
                << "message to the kernel and never syncs it (memory or file)" << std::endl;
      return 2;
    }
    if (store != "memory" && store != "file") {
      std::cerr << "quickfix-executor: --store must be memory or file (was " << store << ")" << std::endl;
      return 2;
    }
    argv[3] = argv[0];
    argv += 3;
    argc -= 3;
  }
  bool lifecycle = argc >= 7 && std::string(argv[6]) == "lifecycle";
  if (argc < 6 || argc > 8 || (argc >= 7 && !lifecycle)) {
    std::cerr << "usage: quickfix-executor [--tls CERTIFICATE KEY PROTOCOL] [--store memory|file DIR] SETTINGS PORT "
              << "SENDER TARGET BEGINSTRING "
              << "[lifecycle [SESSIONS]]" << std::endl;
    return 2;
  }
  int sessions = argc == 8 ? std::atoi(argv[7]) : 1;
  std::string target = argv[4];
  if (sessions < 1 || (sessions > 1) != (target.find("{n}") != std::string::npos)) {
    std::cerr << "quickfix-executor: SESSIONS (" << (argc == 8 ? argv[7] : "1")
              << ") must be 1, or more with {n} in TARGET (" << target << ")" << std::endl;
    return 2;
  }
  try {
    FIX::SessionSettings settings(argv[1]);
    FIX::Dictionary defaults = settings.get();
    defaults.setString("ConnectionType", "acceptor");
    defaults.setString("SocketAcceptPort", argv[2]);
    if (!certificate.empty()) {
      defaults.setString("ServerCertificateFile", certificate);
      defaults.setString("ServerCertificateKeyFile", key);
      defaults.setString("SSLProtocol", "-all +TLSv1_2");
      defaults.setString("CertificateVerifyLevel", "0");  // no client certificate asked for
    }
    settings.set(defaults);
    std::string begin = argv[5];
    FIX::Dictionary session;
    if (begin == "FIXT.1.1") {
      session.setString("DefaultApplVerID", "FIX.5.0SP2");
    }
    for (int n = 1; n <= sessions; n++) {
      std::string mine = target;
      if (sessions > 1) {
        mine.replace(mine.find("{n}"), 3, std::to_string(n));
      }
      settings.set(FIX::SessionID(begin, argv[3], mine), session);
    }
    Executor executor(lifecycle, store == "file" ? storeDir : "");
    FIX::MemoryStoreFactory memoryStore;
    std::unique_ptr<FIX::FileStoreFactory> fileStore;
    FIX::MessageStoreFactory* storeFactory = &memoryStore;
    if (store == "file") {
      fileStore.reset(new FIX::FileStoreFactory(storeDir));
      storeFactory = fileStore.get();
    }
    std::unique_ptr<FIX::Acceptor> acceptor;
    if (certificate.empty()) {
      acceptor.reset(new FIX::SocketAcceptor(executor, *storeFactory, settings));
    } else {
      acceptor.reset(new FIX::SSLSocketAcceptor(executor, *storeFactory, settings));
    }
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    acceptor->start();
    std::cout << "listening on " << argv[2] << " as " << argv[3] << " for " << argv[4] << " (" << begin << ")"
              << (sessions > 1 ? ", " + std::to_string(sessions) + " sessions" : "")
              << (lifecycle ? ", orders resting (lifecycle)" : "")
              << (certificate.empty() ? "" : ", TLS (its own SSLSocketAcceptor, " + std::string(OpenSSL_version(OPENSSL_VERSION)) + ")")
              << (store == "file" ? ", store: FileStore in " + storeDir + " (not synced)" : ", store: MemoryStore")
              << std::endl;
    while (!stopping) {
      usleep(100000);
    }
    acceptor->stop();
    return 0;
  } catch (std::exception& e) {
    std::cerr << "quickfix-executor: " << e.what() << std::endl;
    return 1;
  }
}
