#include "core/cases/conversationrecord.h"

#include "core/cases/storetime.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QJsonObject ConversationTurn::toJson() const
{
    QJsonObject object;
    object.insert(u"turn", index + 1);
    object.insert(u"question", question);
    object.insert(u"status", questionStatusName(status));
    object.insert(u"final_sql", finalSql);
    object.insert(u"columns", QJsonArray::fromStringList(columns));
    object.insert(u"history_id", historyId);
    object.insert(u"asked", storeTimestamp(asked));
    return object;
}

QJsonObject ConversationRecord::toJson() const
{
    QJsonObject object;
    object.insert(u"id", id);
    object.insert(u"name", name);
    object.insert(u"datasource", datasource);
    object.insert(u"title", title);
    object.insert(u"turns", turnCount);
    object.insert(u"created", storeTimestamp(created));
    object.insert(u"updated", storeTimestamp(updated));
    return object;
}

} // namespace sqlmend::core
