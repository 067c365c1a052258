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
    s.llmTimeoutSeconds = qBound(5, settings.value(u"llm/timeoutSeconds"_s, 120).toInt(), 3600);
    s.emptyResultPolicy = settings.value(u"loop/emptyResultPolicy"_s).toString() == u"accept"_s
            ? EmptyResultPolicy::Accept
            : EmptyResultPolicy::ExtraRound;
    s.sampleValues = settings.value(u"loop/sampleValues"_s, false).toBool();
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
    settings.setValue(u"llm/timeoutSeconds"_s, llmTimeoutSeconds);
    settings.setValue(u"loop/emptyResultPolicy"_s,
                      emptyResultPolicy == EmptyResultPolicy::Accept ? u"accept"_s
                                                                     : u"extra_round"_s);
    settings.setValue(u"loop/sampleValues"_s, sampleValues);
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

} // namespace sqlmend::ui
