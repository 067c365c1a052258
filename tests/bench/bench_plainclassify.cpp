// The whole-process reference of `bench_process classify`: a classifier of the kind a first
// version would be, as a command. It reads the same JSON Lines as `sqlmend classify`
// ({"engine", "message", "code"}), applies the plain regex rules of errorcorpus.h (one pattern a
// class, first match wins, on the raw text) and writes {"class"} per line. Used only to measure
// against; it has no decapsulation, no codes and no advice.

#include "tests/bench/errorcorpus.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace sqlmend;
using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QFile in;
    QFile out;
    if (!in.open(0, QIODevice::ReadOnly) || !out.open(1, QIODevice::WriteOnly))
        return 2;
    const QList<bench::PlainRule> rules = bench::plainRules();
    while (!in.atEnd()) {
        const QByteArray line = in.readLine();
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject record = QJsonDocument::fromJson(line).object();
        QJsonObject result;
        result.insert(u"class"_s,
                      core::errorClassName(
                              bench::plainClassify(rules, record.value(u"message"_s).toString())));
        out.write(QJsonDocument(result).toJson(QJsonDocument::Compact));
        out.write("\n");
    }
    return 0;
}
