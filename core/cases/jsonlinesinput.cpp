#include "core/cases/jsonlinesinput.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QJsonParseError>

namespace sqlmend::core {

void readJsonLines(QIODevice &in, QList<ImportProblem> &problems,
                   const std::function<QString(qint64 line, const QJsonObject &object)> &take)
{
    qint64 lineNumber = 0;
    while (!in.atEnd()) {
        QByteArray line = in.readLine();
        ++lineNumber;
        if (lineNumber == 1 && line.startsWith("\xEF\xBB\xBF"))
            line.remove(0, 3);
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            problems.append({lineNumber,
                             CaseStore::tr("not JSON: %1 at offset %2")
                                     .arg(parseError.errorString())
                                     .arg(parseError.offset)});
            continue;
        }
        if (!document.isObject()) {
            problems.append({lineNumber, CaseStore::tr("not a JSON object")});
            continue;
        }
        const QString refused = take(lineNumber, document.object());
        if (!refused.isEmpty())
            problems.append({lineNumber, refused});
    }
}

} // namespace sqlmend::core
