#include "ui/appsettings.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

AppSettings AppSettings::load()
{
    QSettings settings;
    AppSettings s;
    s.providerKind =
            core::ProviderSettings::kindFromName(settings.value(u"llm/provider"_s).toString())
                    .value_or(s.providerKind);
    s.providerPreset = settings.value(u"llm/preset"_s, s.providerPreset).toString();
    s.baseUrl = settings.value(u"llm/baseUrl"_s, s.baseUrl).toString();
    s.model = settings.value(u"llm/model"_s, s.model).toString();
    s.maxCorrections = qBound(0, settings.value(u"loop/maxCorrections"_s, 2).toInt(), 10);
    s.statementTimeoutSeconds =
            qBound(0, settings.value(u"sql/statementTimeoutSeconds"_s, 30).toInt(), 86400);
    s.rowCap = qBound(1, settings.value(u"sql/rowCap"_s, s.rowCap).toInt(), 1000000);
    s.llmTimeoutSeconds = qBound(5, settings.value(u"llm/timeoutSeconds"_s, 120).toInt(), 3600);
    s.emptyResultPolicy = settings.value(u"loop/emptyResultPolicy"_s).toString() == u"accept"_s
            ? EmptyResultPolicy::Accept
            : EmptyResultPolicy::ExtraRound;
    s.sampleValues = settings.value(u"loop/sampleValues"_s, false).toBool();
    s.conversationTokens =
            qBound(100, settings.value(u"loop/conversationTokens"_s, s.conversationTokens).toInt(),
                   100000);
    s.caseStoreLocation = settings.value(u"cases/location"_s).toString();
    s.language = settings.value(u"ui/language"_s).toString();
    return s;
}

void AppSettings::save() const
{
    QSettings settings;
    settings.setValue(u"llm/provider"_s, core::ProviderSettings::kindName(providerKind));
    settings.setValue(u"llm/preset"_s, providerPreset);
    settings.setValue(u"llm/baseUrl"_s, baseUrl);
    settings.setValue(u"llm/model"_s, model);
    settings.setValue(u"loop/maxCorrections"_s, maxCorrections);
    settings.setValue(u"sql/statementTimeoutSeconds"_s, statementTimeoutSeconds);
    settings.setValue(u"sql/rowCap"_s, rowCap);
    settings.setValue(u"llm/timeoutSeconds"_s, llmTimeoutSeconds);
    settings.setValue(u"loop/emptyResultPolicy"_s,
                      emptyResultPolicy == EmptyResultPolicy::Accept ? u"accept"_s
                                                                     : u"extra_round"_s);
    settings.setValue(u"loop/sampleValues"_s, sampleValues);
    settings.setValue(u"loop/conversationTokens"_s, conversationTokens);
    settings.setValue(u"cases/location"_s, caseStoreLocation);
    settings.setValue(u"ui/language"_s, language);
}

core::ProviderSettings AppSettings::providerSettings() const
{
    core::ProviderSettings provider;
    provider.kind = providerKind;
    provider.baseUrl = QUrl(baseUrl);
    provider.model = model;
    provider.requestTimeoutMs = llmTimeoutSeconds * 1000;
    return provider;
}

QString AppSettings::apiKeySecretKey()
{
    return u"llm-api-key"_s;
}

WorkspaceState WorkspaceState::load()
{
    QSettings settings;
    WorkspaceState state;
    state.sql = settings.value(u"workspace/sql"_s).toString();
    state.connections = settings.value(u"workspace/connections"_s).toStringList();
    state.currentConnection = settings.value(u"workspace/currentConnection"_s, -1).toInt();
    if (state.currentConnection >= state.connections.size())
        state.currentConnection = -1;
    for (const QVariant &id : settings.value(u"workspace/conversation"_s).toList()) {
        bool ok = false;
        const qint64 value = id.toLongLong(&ok);
        if (ok && value > 0)
            state.conversation.append(value);
    }
    state.conversation =
            state.conversation.mid(qMax(0, int(state.conversation.size()) - maxQuestions));
    state.conversationName = settings.value(u"workspace/conversationName"_s).toString();
    return state;
}

void WorkspaceState::save() const
{
    QSettings settings;
    settings.setValue(u"workspace/sql"_s, sql);
    settings.setValue(u"workspace/connections"_s, connections);
    settings.setValue(u"workspace/currentConnection"_s, currentConnection);
    saveConversation(conversation, conversationName);
}

void WorkspaceState::saveConversation(const QList<qint64> &ids, const QString &name)
{
    QVariantList list;
    for (qint64 id : ids.mid(qMax(0, int(ids.size()) - maxQuestions)))
        list.append(id);
    QSettings settings;
    settings.setValue(u"workspace/conversation"_s, list);
    settings.setValue(u"workspace/conversationName"_s, name);
}

} // namespace sqlmend::ui
