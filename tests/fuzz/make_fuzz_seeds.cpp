// Writes seed inputs for the fuzz targets from the shared data sets, which are read where they are
// and never copied into the repository: the real models' failing predictions with their SQLite
// errors (fuzz_repairs, fuzz_guard, fuzz_reply), the real engine errors with their codes
// (fuzz_errors) and the real recorded model-server bodies (fuzz_reply, fuzz_sse), each in the
// byte layout its target reads. tests/run-all.sh runs it into a temporary folder and gives each
// target its folder beside the repository's own corpus.
//
// Usage: make_fuzz_seeds <out-dir>
// The data sets are found as the tests find them: SQLMEND_REAL_ERRORS_DIR, SQLMEND_ERRORS_DIR and
// SQLMEND_WIRE_DIR, else ../shared beside the source tree. Exit status 0 when every data set was
// read, 2 when one is not there (the others are still written), 1 when a seed cannot be written.

#include "core/engines/engine.h"
#include "tests/support/shareddata.h"
#include "tests/support/tsvfile.h"
#include "tests/support/wirerecording.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTextStream>

#include <cstdio>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

// The targets' first byte picks the engine as `byte % (Odbc + 1)`.
QByteArray engineByte(Engine engine)
{
    return QByteArray(1, char(static_cast<int>(engine)));
}

class SeedWriter
{
public:
    explicit SeedWriter(QString root) : m_root(std::move(root)) { }

    bool write(const QString &target, const QString &name, const QByteArray &bytes)
    {
        const QDir dir(m_root + u'/' + target);
        if (!dir.exists() && !QDir().mkpath(dir.path()))
            return fail(dir.path());
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return fail(file.fileName());
        ++m_counts[target];
        return true;
    }

    const QMap<QString, int> &counts() const { return m_counts; }
    bool failed() const { return m_failed; }

private:
    bool fail(const QString &path)
    {
        std::fprintf(stderr, "make_fuzz_seeds: cannot write %s\n", qPrintable(path));
        m_failed = true;
        return false;
    }

    QString m_root;
    QMap<QString, int> m_counts;
    bool m_failed = false;
};

// A file name from an id: letters, digits, '-' and '_' kept, anything else '_'.
QString fileName(const QString &prefix, const QString &id)
{
    QString name = prefix + id;
    for (QChar &c : name) {
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != u'-')
            c = u'_';
    }
    return name;
}

bool missing(const char *variable, const QString &relative)
{
    std::fprintf(stderr, "make_fuzz_seeds: %s\n",
                 qPrintable(sqlmend::test::sharedDataMissing(variable, relative)));
    return false;
}

// Each prediction with the message SQLite gave it, as fuzz_repairs reads them (engine byte, the
// message, '\n', the statement); the statement alone for the guard (byte 0: UTF-8) and as a
// model's reply.
bool realPredictions(SeedWriter &seeds)
{
    const QString dir = sqlmend::test::sharedDataDir(
            "SQLMEND_REAL_ERRORS_DIR", u"bench/real-errors"_s, u"real_errors.jsonl"_s);
    if (dir.isEmpty())
        return missing("SQLMEND_REAL_ERRORS_DIR", u"bench/real-errors"_s);
    QFile file(dir + u"/real_errors.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        return missing("SQLMEND_REAL_ERRORS_DIR", u"bench/real-errors"_s);
    while (!file.atEnd()) {
        const QJsonObject row = QJsonDocument::fromJson(file.readLine()).object();
        const QByteArray sql = row.value(u"predicted_sql").toString().toUtf8();
        const QByteArray message = row.value(u"sqlite_error").toString().toUtf8();
        if (sql.isEmpty())
            continue;
        const QString name = fileName(u"real-"_s, row.value(u"case_id").toString());
        seeds.write(u"fuzz_repairs"_s, name, engineByte(Engine::SQLite) + message + '\n' + sql);
        seeds.write(u"fuzz_guard"_s, name, QByteArray(1, '\0') + sql); // UTF-8
        seeds.write(u"fuzz_reply"_s, name, sql);
    }
    return true;
}

// Each engine error as fuzz_errors reads it (engine byte; bit 7 of the next byte set when the
// code and a tab come before the message), once with the code and once without.
bool engineErrors(SeedWriter &seeds)
{
    const QString dir =
            sqlmend::test::sharedDataDir("SQLMEND_ERRORS_DIR", u"errors"_s, u"corpus.tsv"_s);
    if (dir.isEmpty())
        return missing("SQLMEND_ERRORS_DIR", u"errors"_s);
    for (const QStringList &fields : sqlmend::test::readTsv(dir + u"/corpus.tsv"_s)) {
        if (fields.size() < 6)
            continue;
        const QByteArray engine = engineByte(engineFromName(fields.at(1)));
        const QByteArray code = fields.at(4).section(u' ', 0, 0).toUtf8();
        const QByteArray message = sqlmend::test::unescapeTsvField(fields.at(5)).toUtf8();
        const QString name = fileName(u"engine-"_s, fields.at(0));
        seeds.write(u"fuzz_errors"_s, name + u"-code"_s,
                    engine + char(0x80) + code + '\t' + message);
        seeds.write(u"fuzz_errors"_s, name, engine + char(0) + message);
    }
    return true;
}

// Each recorded body as recorded and with a query spliced into its answer: whole bodies for the
// reply parsers, streams also for the SSE parser (whose first byte seeds the piece sizes).
bool wireRecordings(SeedWriter &seeds)
{
    const QString dir = sqlmend::test::sharedDataDir("SQLMEND_WIRE_DIR", u"wire/recordings"_s,
                                                     u"."_s); // the folder itself
    if (dir.isEmpty())
        return missing("SQLMEND_WIRE_DIR", u"wire/recordings"_s);
    const QList<sqlmend::test::WireRecording> recordings =
            sqlmend::test::WireRecording::loadAll(dir);
    if (recordings.isEmpty())
        return missing("SQLMEND_WIRE_DIR", u"wire/recordings"_s);
    for (const sqlmend::test::WireRecording &recording : recordings) {
        const QString name = fileName(u"wire-"_s, recording.id);
        QList<std::pair<QString, QByteArray>> bodies{{name, recording.body}};
        if (!recording.splice.isEmpty()) {
            bodies.append({name + u"-spliced"_s, recording.splicedBody()});
            seeds.write(u"fuzz_reply"_s, name + u"-text"_s,
                        recording.splice.value(u"text").toString().toUtf8());
        }
        for (const auto &[bodyName, body] : bodies) {
            seeds.write(u"fuzz_reply"_s, bodyName, body);
            if (recording.stream)
                seeds.write(u"fuzz_sse"_s, bodyName, QByteArray(1, char(0x2b)) + body);
        }
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() != 2) {
        std::fprintf(stderr, "usage: make_fuzz_seeds <out-dir>\n");
        return 1;
    }
    SeedWriter seeds(arguments.at(1));
    bool complete = realPredictions(seeds);
    complete = engineErrors(seeds) && complete;
    complete = wireRecordings(seeds) && complete;
    QTextStream out(stdout);
    for (auto it = seeds.counts().cbegin(); it != seeds.counts().cend(); ++it)
        out << it.key() << u": "_s << it.value() << u" seeds from the shared data\n"_s;
    if (seeds.failed())
        return 1;
    return complete ? 0 : 2;
}
