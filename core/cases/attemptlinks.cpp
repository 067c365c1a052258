#include "core/cases/attemptlinks.h"

#include "core/cases/casestore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

Result<Done> AttemptLinks::forget(CaseStore &store, qint64 questionId)
{
    Result<QSqlQuery> removed =
            store.exec(u"DELETE FROM attempt_links WHERE question_id = ?"_s, {questionId});
    if (!removed)
        return makeUnexpected(removed.error());
    return Done{};
}

Result<Done> AttemptLinks::save(CaseStore &store, qint64 questionId,
                                const QList<AttemptRecord> &attempts)
{
    Result<Done> cleared = forget(store, questionId);
    if (!cleared)
        return cleared;
    for (qsizetype i = 0; i < attempts.size(); ++i) {
        const QList<LinkedTable> &tables = attempts.at(i).linkedTables;
        if (tables.isEmpty())
            continue;
        QJsonArray array;
        for (const LinkedTable &table : tables)
            array.append(table.toJson());
        Result<QSqlQuery> inserted = store.exec(
                u"INSERT INTO attempt_links (question_id, idx, linked_json) VALUES (?, ?, ?)"_s,
                {questionId, qint64(i),
                 QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact))});
        if (!inserted)
            return makeUnexpected(inserted.error());
    }
    return Done{};
}

Result<Done> AttemptLinks::load(CaseStore &store, qint64 questionId, QList<AttemptRecord> &attempts)
{
    Result<QSqlQuery> rows = store.exec(
            u"SELECT idx, linked_json FROM attempt_links WHERE question_id = ? ORDER BY idx"_s,
            {questionId});
    if (!rows)
        return makeUnexpected(rows.error());
    while (rows.value().next()) {
        const qint64 index = rows.value().value(0).toLongLong();
        if (index < 0 || index >= attempts.size())
            continue;
        QList<LinkedTable> tables;
        const QJsonArray array =
                QJsonDocument::fromJson(rows.value().value(1).toString().toUtf8()).array();
        for (const QJsonValue &value : array) {
            if (std::optional<LinkedTable> table = LinkedTable::fromJson(value.toObject()))
                tables.append(*table);
        }
        attempts[index].linkedTables = tables;
    }
    return Done{};
}

} // namespace sqlmend::core
