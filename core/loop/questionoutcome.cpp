#include "core/loop/questionoutcome.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QJsonObject QuestionOutcome::toJson() const
{
    QJsonArray attemptArray;
    for (const LoopAttempt &attempt : attempts)
        attemptArray.append(attempt.toJson());
    return QJsonObject{{u"question"_s, question},  {u"status"_s, questionStatusName(status)},
                       {u"reason"_s, reason},      {u"final_sql"_s, finalSql},
                       {u"row_count"_s, rowCount}, {u"row_status"_s, rowCountStatusName(rowStatus)},
                       {u"llm_calls"_s, llmCalls}, {u"tokens"_s, promptTokens + completionTokens},
                       {u"total_ms"_s, totalMs},   {u"attempts"_s, attemptArray}};
}

QuestionTrace QuestionOutcome::toTrace(const QString &datasource, const QString &dialect) const
{
    QuestionTrace trace;
    trace.question = question;
    trace.datasource = datasource;
    trace.dialect = dialect;
    trace.status = status;
    trace.started = started;
    trace.finished = started.addMSecs(totalMs);
    trace.finalSql = isOk() ? finalSql : QString();
    trace.totalMs = totalMs;
    trace.promptTokens = promptTokens;
    trace.completionTokens = completionTokens;
    for (const LoopAttempt &attempt : attempts)
        trace.attempts.append(attempt.toRecord());
    trace.attemptCount = int(trace.attempts.size());
    return trace;
}

} // namespace sqlmend::core
