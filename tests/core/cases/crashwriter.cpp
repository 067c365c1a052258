// Writes cases in a loop and prints the id of each one after its transaction committed, so that
// tst_casestore can kill it with SIGKILL at any moment and check that every printed id survived.
// Usage: crashwriter <store location> [count]; a PostgreSQL password comes from
// SQLMEND_CASES_PASSWORD. With a count it writes that many cases and exits 0.

#include "core/cases/casestore.h"

#include <QCoreApplication>

#include <memory>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() != 2 && arguments.size() != 3) {
        std::fputs("usage: crashwriter <store location> [count]\n", stderr);
        return 2;
    }
    const qint64 count = arguments.size() == 3 ? arguments.at(2).toLongLong() : -1;
    // A writer that writes without end (twoWritersAtOnce) may hold SQLite's write lock past the
    // open's busy timeout while this one sets its connection up (seen once, under a sanitizer on
    // a loaded machine): then a "busy" refusal is tried again, as for the writes below. With a
    // count, opens race each other (opensRacingEachOther) and must not need it.
    const int openTries = count < 0 ? 20 : 1;
    std::unique_ptr<CaseStore> store;
    Result<Done> opened = makeFailure(QString(), u"busy"_s);
    for (int tried = 0; !opened && opened.error().code == u"busy"_s && tried < openTries; ++tried) {
        store = std::make_unique<CaseStore>();
        opened = store->open(arguments.at(1), qEnvironmentVariable("SQLMEND_CASES_PASSWORD"));
    }
    if (!opened) {
        std::fprintf(stderr, "crashwriter: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    for (qint64 n = 0; count < 0 || n < count; ++n) {
        CaseRecord record;
        record.kind = n % 3 == 0 ? CaseKind::Bad : CaseKind::Good;
        record.question = u"crash question %1: how many orders per customer?"_s.arg(n);
        record.sql =
                u"SELECT customer_id, count(*) FROM orders GROUP BY customer_id -- %1"_s.arg(n);
        record.columns = {u"customer_id"_s, u"count"_s};
        record.rowCount = n + 1;
        record.notes = QString(int(n % 50) * 100, u'x');
        // A writer that commits in a tight loop can hold SQLite's write lock past the other's
        // busy timeout (the lock is not fair, least of all on a loaded machine): a "busy" refusal
        // loses nothing and is tried again; any other failure ends the writer.
        Result<qint64> id = store->addCase(record);
        for (int retry = 0; !id && id.error().code == u"busy"_s && retry < 20; ++retry)
            id = store->addCase(record);
        if (!id) {
            std::fprintf(stderr, "crashwriter: %s\n", qPrintable(id.error().message));
            return 1;
        }
        // One write() per line: a pipe never splits a write smaller than PIPE_BUF.
        std::printf("%lld\n", static_cast<long long>(id.value()));
        std::fflush(stdout);
    }
    return 0;
}
