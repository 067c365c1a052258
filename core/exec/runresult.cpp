#include "core/exec/runresult.h"

#include <QByteArray>
#include <QDate>
#include <QDateTime>
#include <QJsonArray>
#include <QTime>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QJsonValue cellToJson(const QVariant &value)
{
    if (value.isNull())
        return QJsonValue::Null;
    switch (value.metaType().id()) {
    case QMetaType::Bool:
        return value.toBool();
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Char:
    case QMetaType::SChar:
    case QMetaType::UChar:
    case QMetaType::Long:
    case QMetaType::LongLong:
        return value.toLongLong();
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        // JSON numbers lose precision beyond 2^53; large ones travel as text.
        if (value.toULongLong() > (1ULL << 53))
            return value.toString();
        return value.toLongLong();
    case QMetaType::Double:
    case QMetaType::Float:
        return value.toDouble();
    case QMetaType::QByteArray:
        return QString::fromLatin1(value.toByteArray().toBase64());
    case QMetaType::QDate:
        return value.toDate().toString(Qt::ISODate);
    case QMetaType::QTime:
        return value.toTime().toString(Qt::ISODateWithMs);
    case QMetaType::QDateTime:
        return value.toDateTime().toString(Qt::ISODateWithMs);
    default:
        return value.toString();
    }
}

} // namespace

QString runOutcomeName(RunOutcome outcome)
{
    switch (outcome) {
    case RunOutcome::Ok:
        return u"ok"_s;
    case RunOutcome::Error:
        return u"error"_s;
    case RunOutcome::Blocked:
        return u"blocked"_s;
    case RunOutcome::Timeout:
        return u"timeout"_s;
    case RunOutcome::Cancelled:
        return u"cancelled"_s;
    }
    return {};
}

QString rowCountStatusName(RowCountStatus status)
{
    switch (status) {
    case RowCountStatus::Unknown:
        return u"unknown"_s;
    case RowCountStatus::Partial:
        return u"partial"_s;
    case RowCountStatus::Complete:
        return u"complete"_s;
    }
    return {};
}

QString runStageName(RunStage stage)
{
    switch (stage) {
    case RunStage::Connect:
        return u"connect"_s;
    case RunStage::Guard:
        return u"guard"_s;
    case RunStage::DryRun:
        return u"dry_run"_s;
    case RunStage::Execute:
        return u"execute"_s;
    case RunStage::Fetch:
        return u"fetch"_s;
    case RunStage::Done:
        return u"done"_s;
    }
    return {};
}

QJsonObject RunResult::toJson() const
{
    QJsonObject object;
    object.insert(u"status", runOutcomeName(outcome));
    object.insert(u"stage", runStageName(stage));
    object.insert(u"columns", QJsonArray::fromStringList(columns));
    QJsonArray jsonRows;
    for (const QVariantList &row : rows) {
        QJsonArray jsonRow;
        for (const QVariant &cell : row)
            jsonRow.append(cellToJson(cell));
        jsonRows.append(jsonRow);
    }
    object.insert(u"rows", jsonRows);
    object.insert(u"row_count", rowCount);
    object.insert(u"row_status", rowCountStatusName(rowStatus));
    if (rowsAffected >= 0)
        object.insert(u"rows_affected", rowsAffected);
    object.insert(u"elapsed_ms", elapsedMs);
    AnswerCheck::addTo(object, doubt);
    if (diagnosis)
        object.insert(u"error", diagnosis->toJson());
    return object;
}

} // namespace sqlmend::core
