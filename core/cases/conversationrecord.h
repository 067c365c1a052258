#pragma once

#include "core/cases/questiontrace.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace sqlmend::core {

// One question of a stored conversation, as a follow-up's prompt reads it: the question, how it
// ended, the SQL that answered and the names of the columns it returned. Never its rows.
struct ConversationTurn
{
    int index = 0; // 0-based position in the conversation
    QString question;
    QuestionStatus status = QuestionStatus::Failed;
    QString finalSql; // the SQL that answered; empty when the turn was not answered
    QStringList columns;
    qint64 historyId = 0; // the question's trace in the history; 0: none
    QDateTime asked;      // UTC

    bool isAnswered() const { return status == QuestionStatus::Ok && !finalSql.isEmpty(); }
    // {"turn" (1-based), "question", "status", "final_sql", "columns", "history_id", "asked"}
    QJsonObject toJson() const;

    friend bool operator==(const ConversationTurn &, const ConversationTurn &) = default;
};

// A conversation: follow-up questions on one database, under a name that a command line can
// continue it by.
struct ConversationRecord
{
    qint64 id = 0; // 0: not stored yet
    QString name;
    QString datasource;
    QDateTime created; // UTC
    QDateTime updated;
    QString title;                 // the first question
    int turnCount = 0;             // filled by lists, which leave turns empty
    QList<ConversationTurn> turns; // oldest first

    // {"id", "name", "datasource", "title", "turns" (the count), "created", "updated"}
    QJsonObject toJson() const;

    friend bool operator==(const ConversationRecord &, const ConversationRecord &) = default;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ConversationTurn)
Q_DECLARE_METATYPE(sqlmend::core::ConversationRecord)
