// Throughput of the error pipeline over the labelled corpus: decapsulate + classify alone, then the
// full diagnosis with advice (without and with a schema). Prints figures; never asserts on time.
//
// Usage: bench_classify [corpus.tsv] [passes]   (passes default: calibrated to about a second
// per stage)

#include "core/errors/diagnosis.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

#include <cstdio>
#include <ctime>
#include <functional>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

struct Sample
{
    EngineError error;
    QString label;
};

// The corpus escapes \n, \t, \r and \\ inside fields.
QString unescaped(QStringView field)
{
    QString result;
    result.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field[i] == u'\\' && i + 1 < field.size()) {
            const QChar next = field[++i];
            if (next == u'n')
                result += u'\n';
            else if (next == u't')
                result += u'\t';
            else if (next == u'r')
                result += u'\r';
            else if (next == u'\\')
                result += u'\\';
            else
                result += u'\\', result += next;
        } else {
            result += field[i];
        }
    }
    return result;
}

QList<Sample> loadCorpus(const QString &path)
{
    QList<Sample> samples;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return samples;
    bool header = true;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).chopped(1);
        if (header) {
            header = false;
            continue;
        }
        const QStringList fields = line.split(u'\t');
        if (fields.size() < 6)
            continue;
        // sqlstate_or_code: "1146 (42S02)" for MariaDB, the errno first, as QMYSQL gives it.
        const QString code = fields.at(4).section(u' ', 0, 0);
        samples.append(
                {EngineError::fromText(engineFromName(fields.at(1)), unescaped(fields.at(5)), code),
                 fields.at(3)});
    }
    return samples;
}

SchemaNames benchSchema()
{
    SchemaNames schema;
    const QStringList names{u"users"_s,      u"orders"_s,   u"order_items"_s, u"products"_s,
                            u"categories"_s, u"payments"_s, u"salaries"_s,    u"user_roles"_s};
    for (const QString &name : names) {
        schema.tables.append({u"public"_s,
                              name,
                              {u"id"_s, u"user_id"_s, u"username"_s, u"email"_s, u"status"_s,
                               u"total"_s, u"created_at"_s, u"payment_time"_s, u"name"_s,
                               u"quantity"_s, u"price"_s, name + u"_code"_s},
                              false});
    }
    schema.functions = {u"order_total"_s, u"to_char"_s, u"date_trunc"_s};
    return schema;
}

using Stage = std::function<void(const Sample &)>;

// CPU seconds of this process: on a shared machine wall time measures the neighbours too.
double secondsFor(const QList<Sample> &samples, int passes, const Stage &stage)
{
    const std::clock_t start = std::clock();
    for (int pass = 0; pass < passes; ++pass) {
        for (const Sample &sample : samples)
            stage(sample);
    }
    return double(std::clock() - start) / CLOCKS_PER_SEC;
}

void report(const char *name, qsizetype messages, double seconds, double baseline)
{
    const double perSecond = double(messages) / seconds;
    const double micros = seconds * 1e6 / double(messages);
    if (baseline > 0) {
        std::printf("%-32s %10.0f msg/s %9.2f us/msg   x%.2f of decapsulate+classify\n", name,
                    perSecond, micros, micros / baseline);
    } else {
        std::printf("%-32s %10.0f msg/s %9.2f us/msg\n", name, perSecond, micros);
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    const QString path = arguments.size() > 1 ? arguments.at(1)
                                              : QStringLiteral(SQLMEND_TEST_DATA_DIR "/corpus.tsv");
    const QList<Sample> samples = loadCorpus(path);
    if (samples.isEmpty()) {
        std::fprintf(stderr, "bench_classify: no samples in %s\n", qPrintable(path));
        return 1;
    }
    const SchemaNames schema = benchSchema();

    volatile int sink = 0;
    const Stage classifyOnly = [&sink](const Sample &sample) {
        const DecapsulatedError error = Decapsulator::decapsulate(sample.error);
        sink = sink + int(Classifier::classify(sample.error.engine, error).errorClass);
    };
    const Stage fullDiagnosis = [&sink](const Sample &sample) {
        sink = sink + int(diagnose(sample.error).advice.nextStep.size());
    };
    const Stage withSchema = [&sink, &schema](const Sample &sample) {
        sink = sink + int(diagnose(sample.error, &schema).advice.nextStep.size());
    };

    int passes = arguments.size() > 2 ? arguments.at(2).toInt() : 0;
    // Warm up: patterns are compiled (and JIT-compiled) on first use.
    secondsFor(samples, 1, withSchema);
    secondsFor(samples, 1, classifyOnly);
    if (passes <= 0) {
        // Calibrate on the slowest stage so that each stage takes about a second.
        const double one = secondsFor(samples, 2, withSchema) / 2;
        passes = qBound(1, int(1.0 / qMax(one, 1e-6)), 100000);
    }
    const qsizetype messages = samples.size() * qsizetype(passes);
    std::printf("corpus: %lld messages, %d passes, %lld diagnoses per stage (CPU time)\n",
                static_cast<long long>(samples.size()), passes, static_cast<long long>(messages));

    const double classifySeconds = secondsFor(samples, passes, classifyOnly);
    const double baseline = classifySeconds * 1e6 / double(messages);
    report("decapsulate + classify", messages, classifySeconds, 0);
    report("diagnose (with advice)", messages, secondsFor(samples, passes, fullDiagnosis),
           baseline);
    report("diagnose (advice + schema)", messages, secondsFor(samples, passes, withSchema),
           baseline);

    // Not a test: how often the class agrees with the corpus label, for context.
    int agree = 0;
    for (const Sample &sample : samples)
        agree += errorClassName(diagnose(sample.error).errorClass()) == sample.label ? 1 : 0;
    std::printf("labels agreeing with the classifier: %d of %lld (%.1f%%)\n", agree,
                static_cast<long long>(samples.size()), 100.0 * agree / double(samples.size()));
    return sink == -1 ? 2 : 0;
}
