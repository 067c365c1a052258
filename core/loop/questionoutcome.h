#pragma once

#include "core/cases/questiontrace.h"
#include "core/exec/runresult.h"
#include "core/loop/loopattempt.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QStringList>
#include <QVariantList>

namespace sqlmend::core {

// How one question ended, with everything the loop did for it.
struct QuestionOutcome
{
    QString question;
    QuestionStatus status = QuestionStatus::Failed;
    QString reason;   // why it stopped, for people; empty on success
    QString finalSql; // the SQL that answered (ok), else the last SQL tried
    QStringList columns;
    QList<QVariantList> rows; // capped at LoopPolicy::keepRows
    qint64 rowCount = 0;      // rows fetched, up to LoopPolicy::maxRows
    // Partial: the result has more rows than rowCount (LoopPolicy::maxRows stopped the fetch).
    RowCountStatus rowStatus = RowCountStatus::Unknown;
    QList<LoopAttempt> attempts;
    int llmCalls = 0; // answered model requests; transport retries are not counted
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    QDateTime started; // UTC
    qint64 totalMs = 0;

    bool isOk() const { return status == QuestionStatus::Ok; }
    // {"question", "status", "reason", "final_sql", "row_count", "row_status", "llm_calls",
    //  "tokens", "total_ms", "attempts": [...]}. Not the columns and rows: whoever prints them
    // writes them as its output writes cells (ask --json through run --json's writer).
    QJsonObject toJson() const;
    QuestionTrace toTrace(const QString &datasource, const QString &dialect) const;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::QuestionOutcome)
